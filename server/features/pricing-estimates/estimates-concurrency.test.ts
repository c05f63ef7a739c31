import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Estimate } from "#common/contracts/pricing-estimates";
import { pricingEstimateHistory, pricingEstimates } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildOrganization, buildUser, call } from "#tests/factories";
import { createPlainEstimate, estimateAction, saveEstimate } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * One primary per organization under concurrent requests: the writes queue on the organization's
 * row, so racing requests get answers (200, or 409 where a rule refuses), never a 5xx.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function buildAdmin() {
  const organization = await buildOrganization(runtime);
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
  return { organization, admin };
}

async function headersOf(organizationId: string) {
  return runtime.database.db.select().from(pricingEstimates).where(eq(pricingEstimates.organizationId, organizationId));
}

async function createEstimates(as: Awaited<ReturnType<typeof buildAdmin>>["admin"], count: number): Promise<Estimate[]> {
  const estimates: Estimate[] = [];
  for (let index = 0; index < count; index += 1) estimates.push(await createPlainEstimate(runtime, as, `Estimate ${index}`));
  return estimates;
}

describe("one primary estimate under concurrent requests", () => {
  it("ten simultaneous set-primary requests for different estimates all succeed and leave exactly one primary", async () => {
    const { organization, admin } = await buildAdmin();
    const estimates = await createEstimates(admin, 10);
    const responses = await Promise.all(estimates.map((estimate) => estimateAction(runtime, admin, estimate.id, "primary")));
    expect(responses.map((response) => response.status)).toEqual(estimates.map(() => 200));

    const headers = await headersOf(organization.id);
    const primaries = headers.filter((header) => header.isPrimary);
    expect(primaries).toHaveLength(1);
    // Every request saw the one before it: each but the first estimate's (already primary) moved the flag once.
    const moves = await runtime.database.db
      .select()
      .from(pricingEstimateHistory)
      .where(and(eq(pricingEstimateHistory.organizationId, organization.id), eq(pricingEstimateHistory.action, "set_primary")))
      .orderBy(asc(pricingEstimateHistory.createdAt));
    expect(moves.length).toBeGreaterThanOrEqual(9);
    expect(moves.at(-1)?.estimateId).toBe(primaries[0]?.id);
  });

  it("simultaneous first estimates of an organization make exactly one of them primary", async () => {
    const { organization, admin } = await buildAdmin();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => saveEstimate(runtime, admin, { name: `Racing ${index}`, edition_id: "FE", lines: [] })));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 201));
    const answers: Estimate[] = await Promise.all(responses.map((response) => response.json()));
    expect(answers.filter((estimate) => estimate.is_primary)).toHaveLength(1);
    const headers = await headersOf(organization.id);
    expect(headers).toHaveLength(8);
    expect(headers.filter((header) => header.isPrimary).map((header) => header.id)).toEqual(answers.filter((estimate) => estimate.is_primary).map((estimate) => estimate.id));
  });

  it("deleting, choosing, locking and creating at once still leaves one primary, locked only if it is the primary", async () => {
    const { organization, admin } = await buildAdmin();
    const estimates = await createEstimates(admin, 6);
    const [primary, ...others] = estimates as [Estimate, ...Estimate[]];
    const requests = [
      call(runtime, `/api/pricing/estimates/${primary.id}`, { method: "DELETE", as: admin }),
      ...others.slice(0, 2).map((estimate) => call(runtime, `/api/pricing/estimates/${estimate.id}`, { method: "DELETE", as: admin })),
      ...others.slice(2).map((estimate) => estimateAction(runtime, admin, estimate.id, "primary")),
      ...others.slice(2).map((estimate) => estimateAction(runtime, admin, estimate.id, "lock")),
      saveEstimate(runtime, admin, { name: "Late", edition_id: "FE", lines: [] }),
    ];
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    for (const status of statuses) expect([200, 201, 404, 409]).toContain(status);

    const headers = await headersOf(organization.id);
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.filter((header) => header.isPrimary)).toHaveLength(1);
    expect(headers.filter((header) => header.isLocked && !header.isPrimary)).toEqual([]);
    expect(headers.filter((header) => header.isLocked).length).toBeLessThanOrEqual(1);
  });
});
