import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dashboard, TrialStatus } from "#common/contracts/dashboard";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { addEstimate, completePage, markPageCompleted, signNdaOk } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { milestoneOrganizations } from "#server/db/schema/index";

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

const NDA_REASON = "Complete the NDA step first to access this page";

async function getDashboard(as: TestUser, org?: string): Promise<Dashboard> {
  const response = await call(runtime, "/api/dashboard", { as, org });
  expect(response.status).toBe(200);
  return response.json();
}

async function getTrialStatus(as: TestUser): Promise<TrialStatus> {
  const response = await call(runtime, "/api/trial-status", { as });
  expect(response.status).toBe(200);
  return response.json();
}

const statusOf = (dashboard: Dashboard, id: string) => dashboard.checklist.find((item) => item.id === id);

async function setMilestonesCompleted(organizationId: string, milestoneIds: readonly string[]) {
  const rows = milestoneIds.map((milestoneId) => ({ organizationId, milestoneId, completionStatus: "completed", completedAt: new Date() }));
  await runtime.database.db
    .insert(milestoneOrganizations)
    .values(rows)
    .onConflictDoUpdate({ target: [milestoneOrganizations.organizationId, milestoneOrganizations.milestoneId], set: { completionStatus: "completed", completedAt: new Date() } });
}

describe("GET /api/dashboard", () => {
  it("shows a new organization's checklist, with the NDA-gated pages locked", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const dashboard = await getDashboard(member);
    expect(dashboard).toMatchObject({
      organization_name: organization.organization_name,
      page_percent: 0,
      flag_percent: 0,
      nda: { signed: false, status: null, status_text: "Not signed", action: "sign", signed_at: null },
      trial: { enabled: false },
      next_step: { id: "business-setup", label: "Business Setup", route: "/goals" },
    });
    expect(dashboard.checklist).toHaveLength(10);
    expect(dashboard.checklist.filter((item) => item.status === "locked").map((item) => [item.id, item.locked_reason])).toEqual([
      ["data-setup", NDA_REASON],
      ["acumatica-tenant", NDA_REASON],
    ]);
    expect(statusOf(dashboard, "business-setup")).toEqual({
      id: "business-setup",
      label: "Business Setup",
      route: "/goals",
      status: "incomplete",
      locked_reason: null,
      completed_at: null,
    });
  });

  it("says which onboarding milestone is missing and where it is done", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const configuration = {
      id: "configuration-submitted",
      label: "Configuration submitted",
      met: false,
      route: null,
      // Configuration waits for the NDA, like data setup.
      note: NDA_REASON,
    };
    expect((await getDashboard(member)).milestones).toEqual([
      { id: "nda-signed", label: "NDA signed", met: false, route: "/nda", note: null },
      { id: "estimate-created", label: "Pricing estimate created", met: false, route: "/price", note: null },
      // Data setup waits for the NDA: no link the guard would only bounce, the reason instead.
      { id: "data-connection", label: "Data connection set up", met: false, route: null, note: NDA_REASON },
      configuration,
    ]);
    await signNdaOk(runtime, member);
    await addEstimate(runtime, organization.id);
    const after = await getDashboard(member);
    expect(after.flag_percent).toBe(50);
    expect(after.milestones.map((milestone) => [milestone.id, milestone.met, milestone.route])).toEqual([
      ["nda-signed", true, "/nda"],
      ["estimate-created", true, "/price"],
      ["data-connection", false, "/data-connection"],
      ["configuration-submitted", false, "/configuration"],
    ]);
  });

  it("recommends the first open incomplete page, the NDA before a page that needs it, then the Launch Plan's first milestone not completed", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    for (const pageId of ["business-setup", "distribution", "manufacturing", "ecommerce"]) await completePage(runtime, member, pageId);
    expect((await getDashboard(member)).next_step?.id).toBe("subscription-price");

    await markPageCompleted(runtime, organization.id, "subscription-price");
    for (const pageId of ["financial-setup", "timeline-planning"]) await completePage(runtime, member, pageId);
    // data-setup is next, but it needs the NDA.
    expect((await getDashboard(member)).next_step).toEqual({ kind: "launchpad", id: "nda", label: "NDA", route: "/nda" });

    const nda = await signNdaOk(runtime, member);
    const signed = await getDashboard(member);
    expect(signed.next_step?.id).toBe("data-setup");
    expect(signed.nda).toEqual({
      signed: true,
      status: "signed-by-prospect",
      status_text: "Signed by your organization — awaiting countersignature",
      action: "view",
      signed_at: nda.member_signed_at,
    });
    expect(statusOf(signed, "nda")?.status).toBe("complete");
    expect(signed.checklist.filter((item) => item.status === "locked")).toEqual([]);

    await markPageCompleted(runtime, organization.id, "data-setup");
    expect((await getDashboard(member)).next_step?.id).toBe("acumatica-tenant");
    await completePage(runtime, member, "acumatica-tenant");
    const done = await getDashboard(member);
    expect(done.page_percent).toBe(100);
    expect(done.checklist.every((item) => item.status === "complete" && item.completed_at !== null)).toBe(true);

    const plan = (await (await call(runtime, "/api/launch-plan", { as: member })).json()) as { milestones: { id: string; title: string }[] };
    const [first, second] = plan.milestones;
    if (!first || !second) throw new Error("the plan has fewer than two milestones");
    expect(done.next_step).toEqual({ kind: "launch_plan", id: first.id, label: first.title, route: `/milestone/${first.id}` });
    await setMilestonesCompleted(organization.id, [first.id]);
    expect((await getDashboard(member)).next_step).toMatchObject({ kind: "launch_plan", id: second.id });
    await setMilestonesCompleted(organization.id, plan.milestones.map((milestone) => milestone.id));
    expect((await getDashboard(member)).next_step).toBeNull();
  });

  it("answers for the organization an employee acts for, and nobody else's", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    await signNdaOk(runtime, a.member);
    // The employee reads the NDA from the provider's side, and countersigns it.
    expect(await getDashboard(employee, a.organization.id)).toMatchObject({
      organization_name: a.organization.organization_name,
      nda: { signed: true, status_text: `Signed by ${a.organization.organization_name} — awaiting your countersignature`, action: "countersign" },
    });
    expect((await call(runtime, "/api/dashboard", { as: b.member, org: a.organization.id })).status).toBe(404);
    expect(await getDashboard(b.member)).toMatchObject({ organization_name: b.organization.organization_name, nda: { signed: false } });
  });
});

describe("GET /api/trial-status", () => {
  it("is enabled once the NDA is signed and an estimate exists, saying which condition is missing", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    expect(await getTrialStatus(member)).toEqual({
      enabled: false,
      conditions: [
        { id: "nda-signed", label: "NDA signed", met: false, description: "Sign the mutual NDA on the NDA page." },
        { id: "estimate-exists", label: "Pricing estimate", met: false, description: "Create a pricing estimate on the Subscription Price page." },
      ],
    });
    await addEstimate(runtime, organization.id);
    expect(await getTrialStatus(member)).toMatchObject({ enabled: false, conditions: [{ met: false }, { met: true }] });
    await signNdaOk(runtime, member);
    const enabled = await getTrialStatus(member);
    expect(enabled).toMatchObject({ enabled: true, conditions: [{ met: true }, { met: true }] });
    expect((await getDashboard(member)).trial).toEqual(enabled);
    // An employee is told, not asked to act.
    const employee = await buildUser(runtime, { isEmployee: true });
    const read = await call(runtime, "/api/trial-status", { as: employee, org: organization.id });
    expect(((await read.json()) as TrialStatus).conditions.map((condition) => condition.description)).toEqual([
      "The organization has signed the mutual NDA.",
      "The organization has a pricing estimate.",
    ]);
  });

  it("signing alone does not enable it", async () => {
    const { member } = await buildMemberOrganization(runtime);
    await signNdaOk(runtime, member);
    expect(await getTrialStatus(member)).toMatchObject({ enabled: false, conditions: [{ met: true }, { met: false }] });
  });
});
