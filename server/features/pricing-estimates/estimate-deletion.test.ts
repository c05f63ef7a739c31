import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Launchpad } from "#common/contracts/launchpad";
import type { EstimateList, PrimaryEstimate } from "#common/contracts/pricing-estimates";
import { launchpadSummaries, pricingEstimateHistory, pricingEstimateLines, pricingEstimates } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, call } from "#tests/factories";
import { addEstimate, lastEventId } from "#tests/onboarding-test-kit";
import { createPlainEstimate, errorOf, eventsAfter, readJson, saveEstimate } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const deleteEstimate = (as: TestUser, estimateId: string) => call(runtime, `/api/pricing/estimates/${estimateId}`, { method: "DELETE", as });

async function launchpadOf(member: TestUser): Promise<{ estimateExists: boolean; priceStep: boolean }> {
  const launchpad = await readJson<Launchpad>(runtime, "/api/launchpad", member);
  const priceStep = launchpad.pages.find((page) => page.id === "subscription-price")?.is_completed ?? false;
  return { estimateExists: launchpad.flags.estimate_exists, priceStep };
}

function historyOf(estimateId: string) {
  return runtime.database.db.select().from(pricingEstimateHistory).where(eq(pricingEstimateHistory.estimateId, estimateId)).orderBy(asc(pricingEstimateHistory.createdAt));
}

/** The stored readings, which only a recalculation writes. */
async function storedFlagPercent(organizationId: string): Promise<number | undefined> {
  const [row] = await runtime.database.db.select().from(launchpadSummaries).where(eq(launchpadSummaries.organizationId, organizationId));
  return row?.flagPercent;
}

describe("deleting an estimate", () => {
  it("removes its lines, then its header, keeps its history and tells the organization", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const first = await createPlainEstimate(runtime, member, "First");
    const second = await createPlainEstimate(runtime, member, "Second");
    const before = await lastEventId(runtime, organization.id);

    const response = await deleteEstimate(member, second.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted_id: second.id, primary_id: first.id });
    expect(await runtime.database.db.select().from(pricingEstimateLines).where(eq(pricingEstimateLines.headerId, second.id))).toEqual([]);
    expect(await runtime.database.db.select().from(pricingEstimates).where(eq(pricingEstimates.id, second.id))).toEqual([]);
    const history = await historyOf(second.id);
    expect(history.map((row) => [row.action, row.estimateName, row.actorId])).toEqual([
      ["created", "Second", member.id],
      ["deleted", "Second", member.id],
    ]);
    expect(await eventsAfter(runtime, organization.id, before)).toEqual([
      { type: "estimateHeaderChanged", organizationId: organization.id, estimateId: second.id },
      { type: "estimateDetailsChanged", organizationId: organization.id, estimateId: second.id },
      { type: "launchpadChanged", organizationId: organization.id },
    ]);
    const gone = await call(runtime, `/api/pricing/estimates/${second.id}`, { as: member });
    expect(gone.status).toBe(404);
    expect((await deleteEstimate(member, second.id)).status).toBe(404);
  });

  it("promotes the newest remaining estimate when the primary goes", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const primary = await createPlainEstimate(runtime, member, "Primary");
    const older = await createPlainEstimate(runtime, member, "Older");
    const newest = await createPlainEstimate(runtime, member, "Newest");
    const before = await lastEventId(runtime, organization.id);

    const response = await deleteEstimate(member, primary.id);
    expect(await response.json()).toEqual({ deleted_id: primary.id, primary_id: newest.id });
    const list = await readJson<EstimateList>(runtime, "/api/pricing/estimates", member);
    expect(list.estimates.map((row) => [row.name, row.is_primary])).toEqual([
      ["Newest", true],
      ["Older", false],
    ]);
    expect((await readJson<PrimaryEstimate>(runtime, "/api/pricing/primary", member)).estimate?.id).toBe(newest.id);
    expect(await eventsAfter(runtime, organization.id, before)).toContainEqual({ type: "estimateHeaderChanged", organizationId: organization.id, estimateId: newest.id });
    expect((await historyOf(newest.id)).map((row) => row.action)).toEqual(["created", "set_primary"]);
    expect((await historyOf(older.id)).map((row) => row.action)).toEqual(["created"]);
  });

  it("leaves no primary once the last estimate is gone", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const only = await createPlainEstimate(runtime, member, "Only");
    expect(await (await deleteEstimate(member, only.id)).json()).toEqual({ deleted_id: only.id, primary_id: null });
    expect(await readJson<PrimaryEstimate>(runtime, "/api/pricing/primary", member)).toEqual({ estimate: null });
  });

  it("answers 404 for another organization's estimate and leaves it alone", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    const estimateOfA = await createPlainEstimate(runtime, a.member, "A's");
    const response = await deleteEstimate(b.member, estimateOfA.id);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({ code: "not_found", message: "Estimate not found" });
    expect((await readJson<EstimateList>(runtime, "/api/pricing/estimates", a.member)).estimates).toHaveLength(1);
  });
});

describe("the launchpad", () => {
  it("sees an estimate exist once one is saved, completes the price step, and recalculates its readings on creation and deletion", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    expect(await launchpadOf(member)).toEqual({ estimateExists: false, priceStep: false });
    const estimate = await createPlainEstimate(runtime, member, "Launch");
    expect(await launchpadOf(member)).toEqual({ estimateExists: true, priceStep: true });
    // One of four flags: the stored readings were recalculated in the same transaction.
    expect(await storedFlagPercent(organization.id)).toBe(25);

    expect((await deleteEstimate(member, estimate.id)).status).toBe(200);
    expect(await launchpadOf(member)).toEqual({ estimateExists: false, priceStep: true });
    expect(await storedFlagPercent(organization.id)).toBe(0);
  });

  it("completes the price step when an estimate saved before it was complete is updated", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await addEstimate(runtime, organization.id);
    const [existing] = await runtime.database.db.select().from(pricingEstimates).where(eq(pricingEstimates.organizationId, organization.id));
    expect(await launchpadOf(member)).toEqual({ estimateExists: true, priceStep: false });

    const before = await lastEventId(runtime, organization.id);
    const response = await saveEstimate(runtime, member, { edition_id: "EE", lines: [] }, { id: existing?.id });
    expect(response.status).toBe(200);
    expect(await launchpadOf(member)).toEqual({ estimateExists: true, priceStep: true });
    expect(await eventsAfter(runtime, organization.id, before)).toContainEqual({ type: "launchpadChanged", organizationId: organization.id });

    // Later saves leave the completed step as it is: no launchpad event.
    const again = await lastEventId(runtime, organization.id);
    await saveEstimate(runtime, member, { edition_id: "EE", lines: [] }, { id: existing?.id });
    expect((await eventsAfter(runtime, organization.id, again)).map((event) => (event as { type: string }).type)).toEqual([
      "estimateHeaderChanged",
      "estimateDetailsChanged",
    ]);
  });
});
