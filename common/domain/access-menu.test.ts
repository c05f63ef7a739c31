import { describe, expect, it } from "vitest";
import {
  checkItemAccess,
  checkRouteAccess,
  describeItemAccess,
  EMPLOYEE_ONLY_REASON,
  getNavItemState,
  hasBusinessAspect,
  hasDistributionAspect,
  hasEcommerceAspect,
  hasManufacturingAspect,
  LAUNCH_PLAN_LOCKED_REASON,
  NDA_REQUIRED_REASON,
  NOT_IN_BUSINESS_ASPECTS_REASON,
  NOT_IN_MENU_VERSION_REASON,
  type AccessFacts,
} from "./access.ts";
import { DEFAULT_MENU_VERSION, parseMenuConfig, resolveMenuVersion } from "./menu-config.ts";
import { denied, memberFacts as memberFactsWithEverything } from "./access-test-kit.ts";
import { ACCESS_ITEM_IDS } from "./navigation-items.ts";

// The menu-driven rules of access.ts: exclusions, business aspects, menu versions, menu_config.

const NOT_AVAILABLE = "This page is not available for your organization";

/** The shared member, whose business aspects name eCommerce only. */
const memberFacts = (overrides: Partial<AccessFacts> = {}): AccessFacts => memberFactsWithEverything({ businessAspects: ["eCommerce"], ...overrides });
describe("menu and user exclusions", () => {
  it("hides an item the organization's menu excludes and refuses its page", () => {
    const facts = memberFacts({ menu: { excludeItems: ["content"], customPermissions: {} } });
    expect(getNavItemState("content", facts)).toEqual({ state: "hidden", reason: NOT_AVAILABLE });
    expect(checkRouteAccess("/content", facts)).toEqual(denied(NOT_AVAILABLE));
    expect(checkItemAccess("content", facts)).toEqual(denied(NOT_AVAILABLE));
    expect(checkRouteAccess("/tasks", facts)).toEqual({ allowed: true });
  });

  it("hides an item excluded for the user alone", () => {
    const facts = memberFacts({ userExcludedItems: ["team"] });
    expect(getNavItemState("team", facts)).toEqual({ state: "hidden", reason: NOT_AVAILABLE });
    expect(checkRouteAccess("/team", facts)).toEqual(denied(NOT_AVAILABLE));
  });

  it("matches exclusions regardless of case and surrounding spaces", () => {
    const facts = memberFacts({ menu: { excludeItems: [" Tasks "], customPermissions: {} }, userExcludedItems: ["RISKS"] });
    expect(checkRouteAccess("/tasks", facts)).toEqual(denied(NOT_AVAILABLE));
    expect(checkRouteAccess("/risks", facts)).toEqual(denied(NOT_AVAILABLE));
  });

  it("hides every item of an excluded section", () => {
    const facts = memberFacts({ menu: { excludeItems: ["tools"], customPermissions: {} } });
    expect(getNavItemState("tools", facts)).toEqual({ state: "hidden", reason: NOT_AVAILABLE });
    expect(getNavItemState("issues", facts)).toEqual({ state: "hidden", reason: NOT_AVAILABLE });
    expect(checkRouteAccess("/action-log/type-definitions", facts)).toEqual(denied(NOT_AVAILABLE));
  });

  it("hides and denies Plans with the Administration section it is listed in (decision 029)", () => {
    const facts = memberFacts({ menu: { excludeItems: ["administration"], customPermissions: {} } });
    expect(getNavItemState("plans", facts)).toEqual({ state: "hidden", reason: NOT_AVAILABLE });
    expect(checkRouteAccess("/plans", facts)).toEqual(denied(NOT_AVAILABLE));
    expect(checkRouteAccess("/plans", memberFacts())).toEqual({ allowed: true });
  });

  it("reports the exclusion before the NDA lock", () => {
    const facts = memberFacts({ ndaSigned: false, userExcludedItems: ["tasks"] });
    expect(getNavItemState("tasks", facts)).toEqual({ state: "hidden", reason: NOT_AVAILABLE });
  });

  it("sends an excluded ERP tenant page to /nda", () => {
    const facts = memberFacts({ userExcludedItems: ["acumatica-tenant"] });
    expect(checkRouteAccess("/acumatica-tenant", facts)).toEqual(denied(NOT_AVAILABLE, "/nda"));
  });

  it("hides and denies an excluded Launch Plan, landing on the dashboard", () => {
    const facts = memberFacts({ menu: { excludeItems: ["system-refinement"], customPermissions: {} } });
    expect(getNavItemState("system-refinement", facts)).toEqual({ state: "hidden", reason: NOT_AVAILABLE });
    expect(checkRouteAccess("/system-refinement", facts)).toEqual(denied(NOT_AVAILABLE, "/dashboard"));
    expect(checkRouteAccess("/milestone/1", facts)).toEqual(denied(NOT_AVAILABLE, "/dashboard"));
    expect(checkRouteAccess("/configuration", facts)).toEqual(denied(NOT_AVAILABLE));
  });

  it("ignores exclusions naming no item", () => {
    const facts = memberFacts({ menu: { excludeItems: ["", "unknown", "/tasks"], customPermissions: {} } });
    expect(checkRouteAccess("/tasks", facts)).toEqual({ allowed: true });
  });
});

describe("business aspects", () => {
  it("hides the Ecommerce child unless the aspects include eCommerce, in any case", () => {
    expect(getNavItemState("ecommerce", memberFacts({ businessAspects: ["Manufacturing"] }))).toMatchObject({ state: "hidden" });
    expect(getNavItemState("ecommerce", memberFacts({ businessAspects: [] }))).toMatchObject({ state: "hidden" });
    expect(getNavItemState("ecommerce", memberFacts({ businessAspects: ["ECOMMERCE"] }))).toEqual({ state: "visible" });
    expect(getNavItemState("ecommerce", memberFacts({ businessAspects: [" ecommerce "] }))).toEqual({ state: "visible" });
  });

  it("only hides the menu entry: the page stays reachable", () => {
    expect(checkRouteAccess("/ecommerce", memberFacts({ businessAspects: [] }))).toEqual({ allowed: true });
  });

  it("leaves Manufacturing and Distribution listed", () => {
    const facts = memberFacts({ businessAspects: [] });
    expect(getNavItemState("manufacturing", facts)).toEqual({ state: "visible" });
    expect(getNavItemState("distribution", facts)).toEqual({ state: "visible" });
  });

  it("reads each aspect without regard to case", () => {
    const aspects = ["ecommerce", "MANUFACTURING", "Distribution"];
    expect(hasEcommerceAspect(aspects)).toBe(true);
    expect(hasManufacturingAspect(aspects)).toBe(true);
    expect(hasDistributionAspect(aspects)).toBe(true);
    expect(hasManufacturingAspect(["eCommerce"])).toBe(false);
    expect(hasDistributionAspect(["Distribution Center"])).toBe(false);
    expect(hasBusinessAspect(["Retail"], "retail")).toBe(true);
  });
});

describe("menu version", () => {
  it("lists Action Log under v2 only, v1 being the fallback", () => {
    expect(getNavItemState("action-log", memberFacts({ menuVersion: "v2" }))).toEqual({ state: "visible" });
    for (const menuVersion of ["v1", null, undefined, "", "  "]) {
      expect(getNavItemState("action-log", memberFacts({ menuVersion }))).toMatchObject({ state: "hidden" });
    }
  });

  it("keeps the action log reachable under v1: Get Help writes to it", () => {
    expect(checkRouteAccess("/action-log", memberFacts({ menuVersion: "v1" }))).toEqual({ allowed: true });
  });

  it("keeps the action log's NDA gate under v1: before the NDA it is refused like /tasks, its menu item still hidden", () => {
    const facts = memberFacts({ menuVersion: "v1", ndaSigned: false });
    expect(checkRouteAccess("/action-log", facts)).toEqual(denied(NDA_REQUIRED_REASON));
    expect(checkRouteAccess("/action-log", facts)).toEqual(checkRouteAccess("/tasks", facts));
    expect(getNavItemState("action-log", facts)).toEqual({ state: "hidden", reason: NOT_IN_MENU_VERSION_REASON });
  });

  it("falls back to v1", () => {
    expect(DEFAULT_MENU_VERSION).toBe("v1");
    expect(resolveMenuVersion(null)).toBe("v1");
    expect(resolveMenuVersion(undefined)).toBe("v1");
    expect(resolveMenuVersion(" ")).toBe("v1");
    expect(resolveMenuVersion("v2")).toBe("v2");
  });
});

describe("describeItemAccess", () => {
  it("gives each item its menu state and its page verdict, as the two checks decide them", () => {
    const cases = [memberFacts(), memberFacts({ ndaSigned: false, launchpadPercent: 30, businessAspects: [], menuVersion: "v1" })];
    for (const facts of cases) {
      for (const id of ACCESS_ITEM_IDS) {
        expect(describeItemAccess(id, facts)).toEqual({ state: getNavItemState(id, facts), page: checkItemAccess(id, facts) });
      }
    }
  });

  it("marks the menu-only rules by an open page, not by their texts", () => {
    const facts = memberFacts({ launchpadPercent: 30, businessAspects: [], menuVersion: "v1" });
    expect(describeItemAccess("ecommerce", facts)).toEqual({
      state: { state: "hidden", reason: NOT_IN_BUSINESS_ASPECTS_REASON },
      page: { allowed: true },
    });
    expect(describeItemAccess("action-log", facts)).toEqual({ state: { state: "hidden", reason: NOT_IN_MENU_VERSION_REASON }, page: { allowed: true } });
    expect(describeItemAccess("system-refinement", facts)).toEqual({
      state: { state: "locked", reason: LAUNCH_PLAN_LOCKED_REASON, requires: "launchpad" },
      page: denied(LAUNCH_PLAN_LOCKED_REASON, "/dashboard"),
    });
    expect(describeItemAccess("guided-walkthrough", facts).page).toEqual(denied("Complete all launchpad steps first (30% complete)"));
  });
});

describe("parseMenuConfig", () => {
  const empty = { excludeItems: [], customPermissions: {} };

  it("reads a stored configuration", () => {
    const raw = { excludeItems: ["tasks", "risks"], customPermissions: { extensions: "always_visible" } };
    expect(parseMenuConfig(raw)).toEqual(raw);
    expect(parseMenuConfig(JSON.stringify(raw))).toEqual(raw);
  });

  it.each([null, undefined, 42, "not json", "[1,2]", [], true])("reads %j as the empty configuration", (raw) => {
    expect(parseMenuConfig(raw)).toEqual(empty);
  });

  it("fills in missing fields", () => {
    expect(parseMenuConfig({})).toEqual(empty);
    expect(parseMenuConfig({ excludeItems: ["tasks"] })).toEqual({ excludeItems: ["tasks"], customPermissions: {} });
  });

  it("keeps the good field when the other is malformed", () => {
    expect(parseMenuConfig({ excludeItems: "tasks", customPermissions: { extensions: "always_visible" } })).toEqual({
      excludeItems: [],
      customPermissions: { extensions: "always_visible" },
    });
    expect(parseMenuConfig({ excludeItems: ["tasks"], customPermissions: ["x"] })).toEqual({
      excludeItems: ["tasks"],
      customPermissions: {},
    });
  });

  it("drops entries of the wrong type", () => {
    expect(parseMenuConfig({ excludeItems: ["tasks", 3, null, { id: "x" }], customPermissions: { a: "b", c: 1, d: null } })).toEqual({
      excludeItems: ["tasks"],
      customPermissions: { a: "b" },
    });
  });

  it("returns a fresh object each time", () => {
    const first = parseMenuConfig(null);
    first.excludeItems.push("tasks");
    expect(parseMenuConfig(null)).toEqual(empty);
  });

  it("cannot be tricked into always_visible through the prototype", () => {
    const config = parseMenuConfig('{"customPermissions": {"__proto__": {"extensions": "always_visible"}}}');
    expect(checkRouteAccess("/extensions", memberFacts({ menu: config }))).toEqual(denied(EMPLOYEE_ONLY_REASON));
  });
});
