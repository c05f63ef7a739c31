import { describe, expect, it } from "vitest";
import { ACCESS_ITEM_IDS } from "#common/domain/navigation-items";
import { CHECKLIST_GROUPS, describePermissions, itemLabel, orderItems, withExtensionsPermission } from "./menu-items.ts";

describe("the exclusion checklist", () => {
  it("offers every gated item once, except the administration page, the help inbox and the portfolio", () => {
    const ids = CHECKLIST_GROUPS.flatMap((group) => group.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ACCESS_ITEM_IDS.filter((id) => id !== "administration-page" && id !== "help-inbox" && id !== "portfolio").sort());
  });

  it("names items as the navigation does", () => {
    expect(itemLabel("content")).toBe("Files");
    expect(itemLabel("acumatica-settings")).toBe("ERP Settings");
    expect(itemLabel("tools")).toBe("Tools (whole section)");
    expect(itemLabel("dashboard")).toBe("Dashboard");
    expect(itemLabel("pricing-deployment")).toBe("Pricing & Deployment Plan");
    expect(itemLabel("retired-item")).toBe("retired-item");
  });

  it("orders known items as the checklist does, without repeats", () => {
    expect(orderItems(["content", "Dashboard", "unknown", "content", " tasks "])).toEqual(["dashboard", "tasks", "content"]);
  });
});

describe("custom permissions", () => {
  it("reads them as words", () => {
    expect(describePermissions({ extensions: "always_visible" })).toEqual(["Extensions: always visible"]);
  });

  it("sets or clears Extensions, keeping valid entries and dropping ones the server would refuse", () => {
    expect(withExtensionsPermission({}, true)).toEqual({ extensions: "always_visible" });
    expect(withExtensionsPermission({ extensions: "always_visible", tools: "always_visible", nowhere: "always_visible", team: "odd" }, false)).toEqual({
      tools: "always_visible",
    });
  });
});
