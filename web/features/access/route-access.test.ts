import { describe, expect, it } from "vitest";
import { type Access, type PageAccess, presentAccessItems } from "#common/contracts/access";
import { type AccessFacts, checkRouteAccess, EMPLOYEE_ONLY_REASON, NDA_REQUIRED_REASON, NOT_IN_BUSINESS_ASPECTS_REASON, NOT_IN_MENU_VERSION_REASON } from "#common/domain/access";
import { ALWAYS_VISIBLE_PERMISSION } from "#common/domain/menu-config";
import { NAV_SECTIONS } from "#common/domain/navigation-items";
import { decideRouteAccess, isGuardedPath } from "./route-access.ts";

/** The per-item part of the answer the server sends for these facts (server/features/access). */
const answerFor = presentAccessItems;

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
      const access = answerFor(facts);
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
    const access = answerFor({ ...FACT_MATRIX[0]!, ndaSigned: false });
    expect(decideRouteAccess("/acumatica-tenant", access)).toEqual({ allowed: false, reason: NDA_REQUIRED_REASON, redirectTo: "/nda" });
    expect(decideRouteAccess("/tasks", access)).toEqual({ allowed: false, reason: NDA_REQUIRED_REASON, redirectTo: "/" });
  });

  it("keeps the pages of menu-only rules open while the menu hides them", () => {
    const access = answerFor({ ...FACT_MATRIX[0]!, ndaSigned: true, businessAspects: [], menuVersion: "v1" });
    expect(access.items.ecommerce).toEqual({ state: "hidden", reason: NOT_IN_BUSINESS_ASPECTS_REASON });
    expect(access.pages.ecommerce).toEqual({ allowed: true });
    expect(decideRouteAccess("/ecommerce", access)).toEqual({ allowed: true });
    expect(access.items["action-log"]).toEqual({ state: "hidden", reason: NOT_IN_MENU_VERSION_REASON });
    expect(decideRouteAccess("/action-log", access)).toEqual({ allowed: true });
  });

  it("keeps the gates of a page the menu version hides: /action-log before the NDA is refused like /tasks", () => {
    const access = answerFor({ ...FACT_MATRIX[0]!, ndaSigned: false, menuVersion: "v1" });
    expect(access.items["action-log"]).toEqual({ state: "hidden", reason: NOT_IN_MENU_VERSION_REASON });
    expect(decideRouteAccess("/action-log", access)).toEqual({ allowed: false, reason: NDA_REQUIRED_REASON, redirectTo: "/" });
    expect(decideRouteAccess("/action-log", access)).toEqual(decideRouteAccess("/tasks", access));
  });

  it("follows the page verdict, whatever the menu's reason text says", () => {
    const access = answerFor({ ...FACT_MATRIX[0]!, ndaSigned: true });
    const refused: PageAccess = { allowed: false, reason: EMPLOYEE_ONLY_REASON, redirect_to: "/" };
    const pages = { ...access.pages, tasks: refused, ecommerce: refused };
    expect(decideRouteAccess("/tasks", { pages })).toEqual({ allowed: false, reason: EMPLOYEE_ONLY_REASON, redirectTo: "/" });
    // The menu says "not part of your business aspects", a menu-only text; the verdict still refuses.
    expect(access.items.ecommerce).toEqual({ state: "hidden", reason: NOT_IN_BUSINESS_ASPECTS_REASON });
    expect(decideRouteAccess("/ecommerce", { pages })).toEqual({ allowed: false, reason: EMPLOYEE_ONLY_REASON, redirectTo: "/" });
  });

  it("allows an item the answer does not mention: the server still guards its calls", () => {
    expect(decideRouteAccess("/tasks", { pages: {} as Access["pages"] })).toEqual({ allowed: true });
  });
});

describe("isGuardedPath", () => {
  it("is true for item pages and below, false for the index and ungated pages", () => {
    expect(isGuardedPath("/team")).toBe(true);
    expect(isGuardedPath("/data-connection/setup")).toBe(true);
    expect(isGuardedPath("/")).toBe(false);
    expect(isGuardedPath("/system-refinement")).toBe(true);
    expect(isGuardedPath("/milestone/3")).toBe(true);
  });
});
