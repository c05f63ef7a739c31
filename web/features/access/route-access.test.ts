import { describe, expect, it } from "vitest";
import type { Access } from "#common/contracts/access";
import {
  type AccessFacts,
  ALWAYS_VISIBLE_PERMISSION,
  checkRouteAccess,
  getNavItemState,
  NDA_REQUIRED_REASON,
  NOT_IN_BUSINESS_ASPECTS_REASON,
} from "#common/domain/access";
import { ACCESS_ITEM_IDS, NAV_SECTIONS } from "#common/domain/navigation-items";
import { decideRouteAccess, isGuardedPath } from "./route-access.ts";

/** The items the server sends for these facts (server/features/access: getNavItemState per item). */
function itemsFor(facts: AccessFacts): Access["items"] {
  return Object.fromEntries(ACCESS_ITEM_IDS.map((id) => [id, getNavItemState(id, facts)])) as Access["items"];
}

function product<T>(lists: T[][]): T[][] {
  return lists.reduce<T[][]>((rows, list) => rows.flatMap((row) => list.map((value) => [...row, value])), [[]]);
}

const PATHS = [
  "/",
  ...NAV_SECTIONS.flatMap((section) => [section.route, ...section.items.map((item) => item.route)]).filter(
    (route): route is string => route !== null,
  ),
  "/organization",
  "/plans",
  "/support",
  "/pricing-deployment-plan",
  "/guided-walkthrough",
  "/administration",
  "/data-connection/setup",
  "/action-log/type-definitions",
  "/milestone/7",
  "/no-such-page",
];

const FACT_MATRIX: AccessFacts[] = product<unknown>([
  [false, true],
  [false, true],
  [0, 40, 100],
  [[], ["eCommerce"]],
  [[], ["tools"], ["team", "acumatica-tenant"], ["administration"], ["etl-admin", "nda"], ["system-refinement"]],
  [{}, { extensions: ALWAYS_VISIBLE_PERMISSION }],
  ["ana@customer.example", "sam@provider.com", "boss@provider.com"],
  ["v1", "v2"],
]).map(([isEmployee, ndaSigned, launchpadPercent, businessAspects, excludeItems, customPermissions, email, menuVersion]) => ({
  isEmployee: isEmployee as boolean,
  email: email as string,
  ndaSigned: ndaSigned as boolean,
  launchpadPercent: launchpadPercent as number,
  businessAspects: businessAspects as string[],
  menu: { excludeItems: excludeItems as string[], customPermissions: customPermissions as Record<string, string> },
  userExcludedItems: [],
  providerEmailDomain: "provider.com",
  providerAdminEmail: "boss@provider.com",
  menuVersion: menuVersion as string,
}));

describe("decideRouteAccess", () => {
  it("decides as checkRouteAccess does with the caller's facts, for every path and fact combination", () => {
    let mismatches = 0;
    for (const facts of FACT_MATRIX) {
      const access = { items: itemsFor(facts) };
      for (const path of PATHS) {
        const expected = checkRouteAccess(path, facts);
        const actual = decideRouteAccess(path, access);
        if (JSON.stringify(actual) !== JSON.stringify(expected)) {
          mismatches += 1;
          expect({ path, facts, actual }).toEqual({ path, facts, actual: expected });
        }
      }
    }
    expect(mismatches).toBe(0);
  });

  it("refuses an NDA-gated page with the NDA reason and sends the ERP tenant page to /nda", () => {
    const items = itemsFor({ ...FACT_MATRIX[0]!, ndaSigned: false });
    expect(decideRouteAccess("/acumatica-tenant", { items })).toEqual({ allowed: false, reason: NDA_REQUIRED_REASON, redirectTo: "/nda" });
    expect(decideRouteAccess("/tasks", { items })).toEqual({ allowed: false, reason: NDA_REQUIRED_REASON, redirectTo: "/" });
  });

  it("keeps menu-only hidden pages open", () => {
    const items = itemsFor({ ...FACT_MATRIX[0]!, businessAspects: [] });
    expect(items.ecommerce).toEqual({ state: "hidden", reason: NOT_IN_BUSINESS_ASPECTS_REASON });
    expect(decideRouteAccess("/ecommerce", { items })).toEqual({ allowed: true });
  });

  it("allows an item the answer does not mention: the server still guards its calls", () => {
    expect(decideRouteAccess("/tasks", { items: {} as Access["items"] })).toEqual({ allowed: true });
  });
});

describe("isGuardedPath", () => {
  it("is true for item pages and below, false for the index and ungated pages", () => {
    expect(isGuardedPath("/team")).toBe(true);
    expect(isGuardedPath("/data-connection/setup")).toBe(true);
    expect(isGuardedPath("/")).toBe(false);
    expect(isGuardedPath("/system-refinement")).toBe(false);
    expect(isGuardedPath("/milestone/3")).toBe(false);
  });
});
