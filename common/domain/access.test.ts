import { describe, expect, it } from "vitest";
import {
  ACCESS_RESTRICTED_TITLE,
  canDeleteActionLog,
  checkItemAccess,
  checkRouteAccess,
  EMPLOYEE_ONLY_REASON,
  getNavItemState,
  isProviderAdministrator,
  isProviderDomainEmail,
  isProviderStaff,
  LAUNCH_PLAN_LOCKED_REASON,
  launchpadIncompleteReason,
  NDA_REQUIRED_REASON,
  NOT_AVAILABLE_REASON,
  PROVIDER_ADMINISTRATOR_ONLY_REASON,
} from "./access.ts";
import { extensionNotActiveReason } from "./extensions.ts";
import { denied, memberFacts } from "./access-test-kit.ts";
import { ACCESS_ITEM_IDS, type AccessItemId } from "./navigation-items.ts";

const NDA_MESSAGE = "Complete the NDA step first to access this page";
const NOT_AVAILABLE = "This page is not available for your organization";


describe("messages", () => {
  it("uses the spec's texts", () => {
    expect(ACCESS_RESTRICTED_TITLE).toBe("Access Restricted");
    expect(NDA_REQUIRED_REASON).toBe(NDA_MESSAGE);
    expect(LAUNCH_PLAN_LOCKED_REASON).toBe("Complete the launchpad to gain access to Launch Plan!");
    expect(NOT_AVAILABLE_REASON).toBe(NOT_AVAILABLE);
    expect(launchpadIncompleteReason(40)).toBe("Complete all launchpad steps first (40% complete)");
  });
});

describe("with every fact in favour", () => {
  it.each(ACCESS_ITEM_IDS)("%s is visible and allowed", (id) => {
    const facts = memberFacts({ isEmployee: true, email: "boss@provider.com" });
    expect(getNavItemState(id, facts)).toEqual({ state: "visible" });
    expect(checkItemAccess(id, facts)).toEqual({ allowed: true });
  });
});

describe("NDA gating", () => {
  const gated: [AccessItemId, string][] = [
    ["data-setup", "/data-connection"],
    ["acumatica-tenant", "/acumatica-tenant"],
    ["tasks", "/tasks"],
    ["configuration", "/configuration"],
    ["issues", "/issues"],
    ["decisions", "/decisions"],
    ["risks", "/risks"],
    ["open-requests", "/open-requests"],
    // The Action Log lists the typed pages' entries, so it follows them (decision 041).
    ["action-log", "/action-log"],
    ["action-log", "/action-log/type-definitions"],
  ];
  const unsigned = memberFacts({ ndaSigned: false });

  it.each(gated)("%s is listed but needs the NDA", (id) => {
    expect(getNavItemState(id, unsigned)).toEqual({ state: "locked", reason: NDA_MESSAGE, requires: "nda" });
    expect(getNavItemState(id, memberFacts())).toEqual({ state: "visible" });
  });

  it.each(gated)("%s (%s) is refused until the NDA is signed", (id, route) => {
    const redirect = id === "acumatica-tenant" ? "/nda" : "/";
    expect(checkItemAccess(id, unsigned)).toEqual(denied(NDA_MESSAGE, redirect));
    expect(checkRouteAccess(route, unsigned)).toEqual(denied(NDA_MESSAGE, redirect));
    expect(checkRouteAccess(route, memberFacts())).toEqual({ allowed: true });
  });

  it("guards the data connection setup page too", () => {
    expect(checkRouteAccess("/data-connection/setup", unsigned)).toEqual(denied(NDA_MESSAGE));
  });

  it("applies to employees as well: the NDA belongs to the organization", () => {
    expect(checkRouteAccess("/tasks", memberFacts({ ndaSigned: false, isEmployee: true }))).toEqual(denied(NDA_MESSAGE));
  });

  it.each(["nda", "business-setup", "subscription-price", "content", "team", "education"] as const)(
    "leaves %s open",
    (id) => {
      expect(getNavItemState(id, unsigned)).toEqual({ state: "visible" });
    },
  );
});

describe("employee-only items", () => {
  it.each([
    ["etl-admin", "/etl-admin"],
    ["acumatica-settings", "/acumatica-settings"],
  ] as const)("%s is hidden from members and refused", (id, route) => {
    const member = memberFacts();
    expect(getNavItemState(id, member)).toEqual({ state: "hidden", reason: EMPLOYEE_ONLY_REASON });
    expect(checkRouteAccess(route, member)).toEqual(denied(EMPLOYEE_ONLY_REASON));
    const employee = memberFacts({ isEmployee: true, email: "helper@contractor.example" });
    expect(getNavItemState(id, employee)).toEqual({ state: "visible" });
    expect(checkRouteAccess(route, employee)).toEqual({ allowed: true });
  });
});

describe("extensions", () => {
  const children = ["decision-maker-dashboard", "ap-automation", "container-management"] as const;

  it("hides the section and its children from members", () => {
    for (const id of ["extensions", ...children] as const) {
      expect(getNavItemState(id, memberFacts())).toEqual({ state: "hidden", reason: EMPLOYEE_ONLY_REASON });
    }
    for (const path of ["/extensions", ...children.map((id) => `/extensions/${id}`)]) {
      expect(checkRouteAccess(path, memberFacts())).toEqual(denied(EMPLOYEE_ONLY_REASON));
    }
  });

  it("shows them to employees", () => {
    const employee = memberFacts({ isEmployee: true });
    for (const id of ["extensions", ...children] as const) expect(getNavItemState(id, employee)).toEqual({ state: "visible" });
  });

  it("opens the section to members when the menu permission is always_visible, and each page once its extension is active", () => {
    const facts = memberFacts({ menu: { excludeItems: [], customPermissions: { extensions: "always_visible" } } });
    expect(getNavItemState("extensions", facts)).toEqual({ state: "visible" });
    expect(checkRouteAccess("/extensions", facts)).toEqual({ allowed: true });
    // The extension guard: not active yet, so the page is refused and the refusal lands on /extensions.
    for (const id of children) {
      expect(getNavItemState(id, facts)).toEqual({ state: "hidden", reason: extensionNotActiveReason(id) });
      expect(checkRouteAccess(`/extensions/${id}`, facts)).toEqual({ allowed: false, reason: extensionNotActiveReason(id), redirectTo: "/extensions" });
    }
    const active = { ...facts, activeExtensions: ["ap-automation"] };
    expect(getNavItemState("ap-automation", active)).toEqual({ state: "visible" });
    expect(checkRouteAccess("/extensions/ap-automation", active)).toEqual({ allowed: true });
    expect(checkRouteAccess("/extensions/container-management", active)).toMatchObject({ allowed: false, redirectTo: "/extensions" });
  });

  it("lets employees open every extension page whether or not it is active", () => {
    const employee = memberFacts({ isEmployee: true, activeExtensions: [] });
    for (const id of children) expect(checkRouteAccess(`/extensions/${id}`, employee)).toEqual({ allowed: true });
  });

  it("keeps an active extension closed to members without always_visible, and an excluded section closed to all", () => {
    expect(checkRouteAccess("/extensions/ap-automation", memberFacts({ activeExtensions: ["ap-automation"] }))).toEqual(denied(EMPLOYEE_ONLY_REASON));
    const excluded = memberFacts({ isEmployee: true, menu: { excludeItems: ["extensions"], customPermissions: {} }, activeExtensions: ["ap-automation"] });
    expect(checkRouteAccess("/extensions/ap-automation", excluded)).toMatchObject({ allowed: false, reason: NOT_AVAILABLE_REASON });
  });

  it.each<Record<string, string>>([
    { extensions: "ALWAYS_VISIBLE" },
    { extensions: "visible" },
    { "ap-automation": "always_visible" },
    { etl: "always_visible" },
  ])(
    "keeps them closed with %j",
    (customPermissions) => {
      const facts = memberFacts({ menu: { excludeItems: [], customPermissions } });
      expect(checkRouteAccess("/extensions/ap-automation", facts)).toEqual(denied(EMPLOYEE_ONLY_REASON));
    },
  );

  it("does not let always_visible open other employee-only items", () => {
    const facts = memberFacts({
      menu: { excludeItems: [], customPermissions: { extensions: "always_visible", "acumatica-settings": "always_visible" } },
    });
    expect(checkRouteAccess("/acumatica-settings", facts)).toEqual(denied(EMPLOYEE_ONLY_REASON));
  });

  it("still honours an exclusion of one extension", () => {
    const facts = memberFacts({ isEmployee: true, menu: { excludeItems: ["ap-automation"], customPermissions: {} } });
    expect(checkRouteAccess("/extensions/ap-automation", facts)).toEqual(denied(NOT_AVAILABLE));
    expect(checkRouteAccess("/extensions/container-management", facts)).toEqual({ allowed: true });
  });
});

describe("ETL Admin for the provider's domain (decision 030: employees on it only)", () => {
  it.each(["sam@provider.com", "SAM@PROVIDER.COM", "  sam@Provider.Com  "])("stays closed to a member at %j", (email) => {
    const facts = memberFacts({ email });
    expect(getNavItemState("etl-admin", facts)).toEqual({ state: "hidden", reason: EMPLOYEE_ONLY_REASON });
    expect(checkItemAccess("etl-admin", facts)).toEqual(denied(EMPLOYEE_ONLY_REASON));
    expect(checkRouteAccess("/etl-admin", facts)).toEqual(denied(EMPLOYEE_ONLY_REASON));
  });

  it.each([
    "sam@evilprovider.com",
    "sam@provider.com.evil",
    "sam@sub.provider.com",
    "sam@provider.co",
    "provider.com@evil.example",
    "sam@provider.com@evil.example",
    "@provider.com",
    "provider.com",
    "",
  ])("is not the provider's domain: %j", (email) => {
    expect(isProviderDomainEmail(email, "provider.com")).toBe(false);
    expect(checkRouteAccess("/etl-admin", memberFacts({ email }))).toEqual(denied(EMPLOYEE_ONLY_REASON));
  });

  it("accepts the configured domain in any case and with a leading @", () => {
    expect(isProviderDomainEmail("sam@provider.com", "PROVIDER.com")).toBe(true);
    expect(isProviderDomainEmail("sam@provider.com", "@provider.com")).toBe(true);
  });

  it("recognizes no domain when none is configured", () => {
    expect(isProviderDomainEmail("sam@provider.com", null)).toBe(false);
    expect(isProviderDomainEmail("sam@", "")).toBe(false);
  });

  it("counts as the provider's staff only an employee account on the domain", () => {
    const staff = { isEmployee: true, email: "sam@provider.com", providerEmailDomain: "provider.com" };
    expect(isProviderStaff(staff)).toBe(true);
    expect([{ ...staff, isEmployee: false }, { ...staff, email: "sam@else.example" }, { ...staff, providerEmailDomain: null }].map(isProviderStaff)).toEqual([false, false, false]);
  });

  it("keeps ETL Admin open to an employee on the domain even when the menu excludes it", () => {
    const menu = { excludeItems: ["etl-admin", "administration"], customPermissions: {} };
    const staff = memberFacts({ isEmployee: true, email: "sam@provider.com", menu });
    expect(getNavItemState("etl-admin", staff)).toEqual({ state: "visible" });
    expect(checkRouteAccess("/etl-admin", staff)).toEqual({ allowed: true });
    // Not on the domain, or no domain configured: the menu's exclusion holds for employees too.
    expect(checkRouteAccess("/etl-admin", memberFacts({ isEmployee: true, email: "sam@elsewhere.example", menu }))).toEqual(denied(NOT_AVAILABLE));
    expect(checkRouteAccess("/etl-admin", { ...staff, providerEmailDomain: null })).toEqual(denied(NOT_AVAILABLE));
    // A member on the domain gains nothing from it, excluded or not.
    expect(checkRouteAccess("/etl-admin", memberFacts({ email: "sam@provider.com", menu }))).toEqual(denied(NOT_AVAILABLE));
  });
});

describe("provider administrator page", () => {
  const adminOnly = denied("Only the provider administrator can open this page");

  it.each(["boss@provider.com", "Boss@Provider.COM", " boss@provider.com "])("opens to %j", (email) => {
    expect(checkRouteAccess("/administration", memberFacts({ email }))).toEqual({ allowed: true });
    expect(checkItemAccess("administration-page", memberFacts({ email }))).toEqual({ allowed: true });
  });

  it.each(["other@provider.com", "boss@provider.com.evil", "xboss@provider.com", "boss@provider.co", ""])(
    "sends %j home",
    (email) => {
      expect(checkRouteAccess("/administration", memberFacts({ email, isEmployee: true }))).toEqual(adminOnly);
      expect(PROVIDER_ADMINISTRATOR_ONLY_REASON).toBe(adminOnly.reason);
    },
  );

  it("opens to nobody when no administrator is configured", () => {
    expect(checkRouteAccess("/administration", memberFacts({ email: "", providerAdminEmail: null }))).toEqual(adminOnly);
    expect(checkRouteAccess("/administration", memberFacts({ email: "", providerAdminEmail: "" }))).toEqual(adminOnly);
    expect(isProviderAdministrator("", "  ")).toBe(false);
  });

  it("leaves the employees' help inbox to employees, whatever the acting organization excludes", () => {
    expect(checkRouteAccess("/help-inbox", memberFacts())).toEqual(denied(EMPLOYEE_ONLY_REASON));
    const excluding = { excludeItems: ["help-inbox"], customPermissions: {} };
    expect(checkRouteAccess("/help-inbox", memberFacts({ isEmployee: true, menu: excluding }))).toEqual({ allowed: true });
  });

  it("is not affected by excluding the Administration section", () => {
    const facts = memberFacts({ email: "boss@provider.com", menu: { excludeItems: ["administration"], customPermissions: {} } });
    expect(checkRouteAccess("/administration", facts)).toEqual({ allowed: true });
    expect(checkRouteAccess("/team", facts)).toEqual(denied(NOT_AVAILABLE));
  });
});

describe("checkRouteAccess", () => {
  it("allows paths no item guards", () => {
    const facts = memberFacts({ ndaSigned: false, launchpadPercent: 0 });
    for (const path of ["/", "/company", "/nda", "/unknown-page", "/auth"]) {
      expect(checkRouteAccess(path, facts), path).toEqual({ allowed: true });
    }
  });

  it("sees through case, trailing slashes, queries, encoding, dot segments and the base path", () => {
    const facts = memberFacts({ ndaSigned: false });
    for (const path of ["/TASKS", "/tasks/", "/tasks?x=1", "/ta%73ks", "/company/../tasks", "//tasks", "/MemberPortal/tasks"]) {
      expect(checkRouteAccess(path, facts), path).toEqual(denied(NDA_MESSAGE));
    }
    expect(checkRouteAccess("/EXTENSIONS/AP-Automation", memberFacts())).toEqual(denied(EMPLOYEE_ONLY_REASON));
  });
});

describe("canDeleteActionLog", () => {
  it("lets the entry's creator and any employee delete it, nobody else", () => {
    expect(canDeleteActionLog({ userId: "u1", isEmployee: false }, "u1")).toBe(true);
    expect(canDeleteActionLog({ userId: "u2", isEmployee: false }, "u1")).toBe(false);
    expect(canDeleteActionLog({ userId: "u2", isEmployee: false }, null), "a creator who left").toBe(false);
    expect(canDeleteActionLog({ userId: "e1", isEmployee: true }, "u1")).toBe(true);
    expect(canDeleteActionLog({ userId: "e1", isEmployee: true }, null)).toBe(true);
  });
});
