import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Estimate, EstimateList, EstimateSummary } from "#common/contracts/pricing-estimates";
import { pricingEstimateHistory } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildOrganization, buildUser, call } from "#tests/factories";
import { lastEventId } from "#tests/onboarding-test-kit";
import { createPlainEstimate, errorOf, estimateAction, eventsAfter, readJson, saveEstimate } from "#tests/pricing-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true, fullName: "Provider Staff" });
});
afterAll(async () => {
  await runtime.close();
});

const LOCKED = "This estimate is locked. An employee must unlock it first.";
const PRIMARY_LOCKED = "The primary estimate is locked. An employee must unlock it before another estimate can become primary.";

/** An organization with a member_user, a member_admin and two estimates (the first is primary). */
async function buildOrganizationWithEstimates() {
  const organization = await buildOrganization(runtime);
  const member = await buildUser(runtime, { organizationId: organization.id });
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin", fullName: `Admin ${uniqueSuffix()}` });
  const first = await createPlainEstimate(runtime, member, "First");
  const second = await createPlainEstimate(runtime, member, "Second");
  return { organization, member, admin, first, second };
}

async function expectAnswer(response: Response, status: number, error?: { code: string; message: string }): Promise<EstimateSummary> {
  expect(response.status, await response.clone().text()).toBe(status);
  if (error) expect(await errorOf(response)).toMatchObject(error);
  return status < 300 ? response.json() : (undefined as never);
}

const setApproval = (estimateId: string, approved: boolean, as: TestUser, org?: string) =>
  call(runtime, `/api/pricing/estimates/${estimateId}/approval`, { method: "PUT", as, org, body: { approved } });

async function historyActions(estimateId: string): Promise<string[]> {
  const rows = await runtime.database.db
    .select({ action: pricingEstimateHistory.action })
    .from(pricingEstimateHistory)
    .where(eq(pricingEstimateHistory.estimateId, estimateId))
    .orderBy(asc(pricingEstimateHistory.createdAt));
  return rows.map((row) => row.action);
}

describe("choosing the primary estimate", () => {
  it("moves the primary flag to the chosen estimate, with history and an event for each header", async () => {
    const { organization, member, first, second } = await buildOrganizationWithEstimates();
    const before = await lastEventId(runtime, organization.id);
    const summary = await expectAnswer(await estimateAction(runtime, member, second.id, "primary"), 200);
    expect(summary).toMatchObject({ id: second.id, is_primary: true });
    const list = await readJson<EstimateList>(runtime, "/api/pricing/estimates", member);
    expect(list.estimates.map((row) => [row.id, row.is_primary])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(await eventsAfter(runtime, organization.id, before)).toEqual([
      { type: "estimateHeaderChanged", organizationId: organization.id, estimateId: first.id },
      { type: "estimateHeaderChanged", organizationId: organization.id, estimateId: second.id },
    ]);
    expect(await historyActions(second.id)).toEqual(["created", "set_primary"]);

    // Choosing the primary again changes nothing.
    const again = await lastEventId(runtime, organization.id);
    await expectAnswer(await estimateAction(runtime, member, second.id, "primary"), 200);
    expect(await eventsAfter(runtime, organization.id, again)).toEqual([]);
    expect(await historyActions(second.id)).toEqual(["created", "set_primary"]);
  });

  it("refuses while the primary is locked, until an employee unlocks it", async () => {
    const { organization, admin, first, second } = await buildOrganizationWithEstimates();
    await expectAnswer(await estimateAction(runtime, admin, first.id, "lock"), 200);
    await expectAnswer(await estimateAction(runtime, admin, second.id, "primary"), 409, { code: "conflict", message: PRIMARY_LOCKED });
    await expectAnswer(await estimateAction(runtime, employee, second.id, "primary", organization.id), 409, { code: "conflict", message: PRIMARY_LOCKED });
    await expectAnswer(await estimateAction(runtime, employee, first.id, "unlock", organization.id), 200);
    expect(await expectAnswer(await estimateAction(runtime, admin, second.id, "primary"), 200)).toMatchObject({ is_primary: true });
  });
});

describe("locking the primary estimate", () => {
  it("is for the organization's admins and employees: a member_user is refused", async () => {
    const { organization, member, admin, first } = await buildOrganizationWithEstimates();
    await expectAnswer(await estimateAction(runtime, member, first.id, "lock"), 403, {
      code: "forbidden",
      message: "Only the organization's administrators and provider employees can lock the primary estimate",
    });
    const before = await lastEventId(runtime, organization.id);
    const locked = await expectAnswer(await estimateAction(runtime, admin, first.id, "lock"), 200);
    expect(locked).toMatchObject({ id: first.id, is_locked: true, is_primary: true, locked_by_name: expect.stringMatching(/^Admin /) });
    expect(Date.parse(locked.locked_at ?? "")).not.toBeNaN();
    expect(await eventsAfter(runtime, organization.id, before)).toEqual([{ type: "estimateHeaderChanged", organizationId: organization.id, estimateId: first.id }]);
    expect(await historyActions(first.id)).toEqual(["created", "locked"]);

    const other = await buildOrganizationWithEstimates();
    const byEmployee = await expectAnswer(await estimateAction(runtime, employee, other.first.id, "lock", other.organization.id), 200);
    expect(byEmployee).toMatchObject({ is_locked: true, locked_by_name: "Provider Staff" });
  });

  it("only the primary, and only once", async () => {
    const { admin, first, second } = await buildOrganizationWithEstimates();
    await expectAnswer(await estimateAction(runtime, admin, second.id, "lock"), 409, { code: "conflict", message: "Only the primary estimate can be locked" });
    await expectAnswer(await estimateAction(runtime, admin, first.id, "lock"), 200);
    await expectAnswer(await estimateAction(runtime, admin, first.id, "lock"), 409, { code: "conflict", message: "This estimate is already locked" });
  });

  it("makes the estimate read-only: updating and deleting it answer 409 and change nothing", async () => {
    const { member, admin, first } = await buildOrganizationWithEstimates();
    await expectAnswer(await estimateAction(runtime, admin, first.id, "lock"), 200);
    const conflict = { code: "conflict", message: LOCKED };
    await expectAnswer(await saveEstimate(runtime, admin, { name: "Changed", edition_id: "EE", lines: [] }, { id: first.id }), 409, conflict);
    await expectAnswer(await call(runtime, `/api/pricing/estimates/${first.id}`, { method: "DELETE", as: admin }), 409, conflict);
    const read = await readJson<Estimate>(runtime, `/api/pricing/estimates/${first.id}`, member);
    expect(read).toMatchObject({ name: "First", edition_id: "FE", is_locked: true });
  });
});

describe("unlocking", () => {
  it("is for employees only, and makes the estimate editable again", async () => {
    const { organization, admin, first } = await buildOrganizationWithEstimates();
    await expectAnswer(await estimateAction(runtime, admin, first.id, "lock"), 200);
    await expectAnswer(await estimateAction(runtime, admin, first.id, "unlock"), 403, { code: "forbidden", message: "Only provider employees can do this" });
    const unlocked = await expectAnswer(await estimateAction(runtime, employee, first.id, "unlock", organization.id), 200);
    expect(unlocked).toMatchObject({ id: first.id, is_locked: false, locked_at: null, locked_by_name: null, is_primary: true });
    expect(await historyActions(first.id)).toEqual(["created", "locked", "unlocked"]);
    await expectAnswer(await estimateAction(runtime, employee, first.id, "unlock", organization.id), 409, { code: "conflict", message: "This estimate is not locked" });
    await expectAnswer(await saveEstimate(runtime, admin, { name: "Changed", edition_id: "FE", lines: [] }, { id: first.id }), 200);
  });

  it("finds the estimate only in the organization the employee names", async () => {
    const { admin, first } = await buildOrganizationWithEstimates();
    await expectAnswer(await estimateAction(runtime, admin, first.id, "lock"), 200);
    const elsewhere = await buildOrganization(runtime);
    const notFound = { code: "not_found", message: "Estimate not found" };
    await expectAnswer(await estimateAction(runtime, employee, first.id, "unlock", elsewhere.id), 404, notFound);
    await expectAnswer(await estimateAction(runtime, employee, "not-an-id", "unlock", elsewhere.id), 404, notFound);
    expect((await estimateAction(runtime, employee, first.id, "unlock")).status).toBe(400);
  });
});

describe("approval", () => {
  it("employees approve the primary estimate's subscription and withdraw the approval", async () => {
    const { organization, member, first } = await buildOrganizationWithEstimates();
    await expectAnswer(await setApproval(first.id, true, member), 403, { code: "forbidden", message: "Only provider employees can do this" });
    const before = await lastEventId(runtime, organization.id);
    const approved = await expectAnswer(await setApproval(first.id, true, employee, organization.id), 200);
    expect(approved).toMatchObject({ id: first.id, subscription_approved: true });
    expect(Date.parse(approved.approved_at ?? "")).not.toBeNaN();
    expect(await eventsAfter(runtime, organization.id, before)).toEqual([{ type: "estimateHeaderChanged", organizationId: organization.id, estimateId: first.id }]);
    const withdrawn = await expectAnswer(await setApproval(first.id, false, employee, organization.id), 200);
    expect(withdrawn).toMatchObject({ subscription_approved: false, approved_at: null });
    expect(await historyActions(first.id)).toEqual(["created", "approved", "approval_withdrawn"]);
  });

  it("only on the primary", async () => {
    const { organization, second } = await buildOrganizationWithEstimates();
    await expectAnswer(await setApproval(second.id, true, employee, organization.id), 409, {
      code: "conflict",
      message: "Only the primary estimate's subscription can be approved",
    });
    const response = await call(runtime, `/api/pricing/estimates/${second.id}/approval`, { method: "PUT", as: employee, org: organization.id, body: { approved: "yes" } });
    await expectAnswer(response, 400, { code: "validation_failed", message: "approved: approved must be true or false" });
  });
});
