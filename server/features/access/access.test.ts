import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Access } from "#common/contracts/access";
import { EMPLOYEE_ONLY_REASON, NDA_REQUIRED_REASON, NOT_IN_BUSINESS_ASPECTS_REASON } from "#common/domain/access";
import { LAUNCHPAD_PAGE_IDS } from "#common/domain/launchpad";
import { ACCESS_ITEM_IDS } from "#common/domain/navigation-items";
import { requireItemAccess } from "#server/auth/access-facts";
import type { Runtime } from "#server/runtime";
import { answerBusinessAspects, callerOf, insertNda, saveLaunchpadPages } from "#tests/access-test-kit";
import { type TestUser, buildMemberOrganization, buildOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

const PROVIDER_DOMAIN = "provider.test";
const ADMIN_EMAIL = `admin-${uniqueSuffix()}@${PROVIDER_DOMAIN}`;
const ERP_SITE_URL = "https://erp.example.test/login";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({
    PROVIDER_EMAIL_DOMAIN: `@${PROVIDER_DOMAIN.toUpperCase()}`,
    PROVIDER_ADMIN_EMAIL: ADMIN_EMAIL.toUpperCase(),
    ERP_SITE_URL,
  });
});
afterAll(async () => {
  await runtime.close();
});

async function readAccess(as: TestUser, org?: string): Promise<Access> {
  const response = await call(runtime, "/api/access", { as, org });
  expect(response.status).toBe(200);
  return response.json();
}

/** Whether `itemId` may be used, as the server enforces it: null when allowed, else the 403's message. */
async function refusal(user: TestUser, organizationId: string, itemId: Parameters<typeof requireItemAccess>[3]): Promise<string | null> {
  try {
    await requireItemAccess(runtime.database.db, callerOf(user), organizationId, itemId, runtime.config.access);
    return null;
  } catch (error) {
    expect(error).toMatchObject({ code: "forbidden", status: 403 });
    return (error as Error).message;
  }
}

describe("GET /api/access: the facts per caller", () => {
  it("tells a member of a new organization what is locked and hidden", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const access = await readAccess(member);
    expect(access).toMatchObject({
      menu_version: "v1",
      nda_signed: false,
      launchpad_percent: 0,
      business_aspects: [],
      is_employee: false,
      is_provider_administrator: false,
      erp_site_url: ERP_SITE_URL,
    });
    expect(Object.keys(access.items).sort()).toEqual([...ACCESS_ITEM_IDS].sort());
    expect(access.items.tasks).toEqual({ state: "locked", reason: NDA_REQUIRED_REASON, requires: "nda" });
    expect(access.items["etl-admin"]).toEqual({ state: "hidden", reason: EMPLOYEE_ONLY_REASON });
    expect(access.items.ecommerce).toEqual({ state: "hidden", reason: NOT_IN_BUSINESS_ASPECTS_REASON });
    expect(access.items["administration-page"]).toMatchObject({ state: "hidden" });
    expect(access.items.team).toEqual({ state: "visible" });
  });

  it("gives each item's page verdict: refusals with their redirect, menu-only rules open, gates kept", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const access = await readAccess(member);
    expect(Object.keys(access.pages).sort()).toEqual([...ACCESS_ITEM_IDS].sort());
    expect(access.pages.tasks).toEqual({ allowed: false, reason: NDA_REQUIRED_REASON, redirect_to: "/" });
    expect(access.pages["acumatica-tenant"]).toEqual({ allowed: false, reason: NDA_REQUIRED_REASON, redirect_to: "/nda" });
    expect(access.pages["etl-admin"]).toEqual({ allowed: false, reason: EMPLOYEE_ONLY_REASON, redirect_to: "/" });
    expect(access.pages.team).toEqual({ allowed: true });
    // Hidden or locked in the menu, yet open: the spec guards neither page.
    expect(access.pages.ecommerce).toEqual({ allowed: true });
    // Hidden by the menu version, but its gate stays: before the NDA it is refused like /tasks.
    expect(access.pages["action-log"]).toEqual({ allowed: false, reason: NDA_REQUIRED_REASON, redirect_to: "/" });
    // The Launch Plan is guarded until the launchpad is complete, landing on the dashboard (decision 037).
    expect(access.items["system-refinement"]).toMatchObject({ state: "locked" });
    expect(access.pages["system-refinement"]).toEqual({ allowed: false, reason: "Complete the launchpad to gain access to Launch Plan!", redirect_to: "/dashboard" });
  });

  it("shows an employee the employee-only items of the organization they name", async () => {
    const organization = await buildOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    const access = await readAccess(employee, organization.id);
    expect(access.is_employee).toBe(true);
    expect(access.items["etl-admin"]).toEqual({ state: "visible" });
    expect(access.items["acumatica-settings"]).toEqual({ state: "visible" });
    expect(access.items.extensions).toEqual({ state: "visible" });
  });

  it("opens nothing more to a member on the provider's domain: the domain counts for employees only (decision 030)", async () => {
    const organization = await buildOrganization(runtime);
    const member = await buildUser(runtime, { organizationId: organization.id, email: `staff-${uniqueSuffix()}@${PROVIDER_DOMAIN}` });
    const access = await readAccess(member);
    expect(access.items["etl-admin"]).toEqual({ state: "hidden", reason: EMPLOYEE_ONLY_REASON });
    expect(access.pages["etl-admin"]).toEqual({ allowed: false, reason: EMPLOYEE_ONLY_REASON, redirect_to: "/" });
  });

  it("recognizes the provider administrator regardless of case, employee or not", async () => {
    const organization = await buildOrganization(runtime);
    const admin = await buildUser(runtime, { organizationId: organization.id, email: ADMIN_EMAIL });
    const access = await readAccess(admin);
    expect(access.is_provider_administrator).toBe(true);
    expect(access.is_employee).toBe(false);
    expect(access.items["administration-page"]).toEqual({ state: "visible" });
  });

  it("answers 401 to the anonymous and 404 to a member naming another organization", async () => {
    const { organization } = await buildMemberOrganization(runtime);
    const { member: outsider } = await buildMemberOrganization(runtime);
    expect((await call(runtime, "/api/access")).status).toBe(401);
    expect((await call(runtime, "/api/access", { as: outsider, org: organization.id })).status).toBe(404);
  });
});

describe("NDA gating", () => {
  it("refuses the NDA-gated items until the newest NDA is signed, for that organization only", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const { organization: other, member: otherMember } = await buildMemberOrganization(runtime);
    expect(await refusal(member, organization.id, "tasks")).toBe(NDA_REQUIRED_REASON);
    expect(await refusal(member, organization.id, "team")).toBeNull();

    await insertNda(runtime, organization.id, "pending", 60);
    expect(await refusal(member, organization.id, "data-setup")).toBe(NDA_REQUIRED_REASON);

    await insertNda(runtime, organization.id, "signed-by-prospect");
    for (const item of ["data-setup", "acumatica-tenant", "tasks", "configuration", "issues", "decisions", "risks", "open-requests"] as const) {
      expect(await refusal(member, organization.id, item)).toBeNull();
    }
    expect((await readAccess(member)).nda_signed).toBe(true);
    expect((await readAccess(member)).items.tasks).toEqual({ state: "visible" });

    expect(await refusal(otherMember, other.id, "tasks")).toBe(NDA_REQUIRED_REASON);
  });

  it("counts signed-by-all as signed", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await insertNda(runtime, organization.id, "signed-by-all");
    expect(await refusal(member, organization.id, "configuration")).toBeNull();
  });
});

describe("launchpad completion", () => {
  it("counts distinct completed known pages out of 10", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await saveLaunchpadPages(runtime, organization.id, ["business-setup", "nda", "distribution", "not-a-page"]);
    await saveLaunchpadPages(runtime, organization.id, ["ecommerce"], false);
    const access = await readAccess(member);
    expect(access.launchpad_percent).toBe(30);
    expect(access.items["guided-walkthrough"]).toEqual({
      state: "locked",
      reason: "Complete all launchpad steps first (30% complete)",
      requires: "launchpad",
    });
    expect(await refusal(member, organization.id, "guided-walkthrough")).toBe("Complete all launchpad steps first (30% complete)");
    expect(access.pages["guided-walkthrough"]).toEqual({ allowed: false, reason: "Complete all launchpad steps first (30% complete)", redirect_to: "/" });
  });

  it("unlocks the guided walkthrough and the Launch Plan at 100%", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await saveLaunchpadPages(runtime, organization.id, LAUNCHPAD_PAGE_IDS);
    const access = await readAccess(member);
    expect(access.launchpad_percent).toBe(100);
    expect(access.items["guided-walkthrough"]).toEqual({ state: "visible" });
    expect(access.items["system-refinement"]).toEqual({ state: "visible" });
    expect(await refusal(member, organization.id, "guided-walkthrough")).toBeNull();
  });
});

describe("business aspects", () => {
  it("shows Ecommerce once the newest submitted answer includes eCommerce", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await answerBusinessAspects(runtime, organization.id, ["eCommerce"], null);
    expect((await readAccess(member)).items.ecommerce).toMatchObject({ state: "hidden" });

    await answerBusinessAspects(runtime, organization.id, { aspects: [" ecommerce ", "Manufacturing"] }, 60);
    const access = await readAccess(member);
    expect(access.business_aspects).toEqual(["ecommerce", "Manufacturing"]);
    expect(access.items.ecommerce).toEqual({ state: "visible" });
  });

  it("reads the newest submitted answer only, and only the organization's own", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const { member: otherMember } = await buildMemberOrganization(runtime);
    await answerBusinessAspects(runtime, organization.id, ["eCommerce"], 120);
    await answerBusinessAspects(runtime, organization.id, ["Distribution"], 10);
    const access = await readAccess(member);
    expect(access.business_aspects).toEqual(["Distribution"]);
    expect(access.items.ecommerce).toMatchObject({ state: "hidden" });
    expect((await readAccess(otherMember)).business_aspects).toEqual([]);
  });

  it("leaves the Ecommerce page reachable: the aspects only shape the menu", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    expect(await refusal(member, organization.id, "ecommerce")).toBeNull();
  });
});
