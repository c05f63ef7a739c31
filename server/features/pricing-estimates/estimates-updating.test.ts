import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogRow } from "#common/contracts/pricing-catalog";
import type { Launchpad } from "#common/contracts/launchpad";
import type { Estimate, EstimateList } from "#common/contracts/pricing-estimates";
import { recommendEstimate } from "#common/domain/pricing";
import { pricingEstimateHistory, pricingEstimateLines } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, call } from "#tests/factories";
import { lastEventId } from "#tests/onboarding-test-kit";
import {
  createEstimateOk,
  createPlainEstimate,
  errorOf,
  eventsAfter,
  includedRows,
  pickAddOns,
  readJson,
  readOfferedCatalog,
  saveEstimate, expectReadingOrder } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const idsOf = (lines: readonly { inventory_id: string }[]) => lines.map((line) => line.inventory_id);
const codePointOrder = (ids: string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe("updating an estimate", () => {
  it("replaces its edition, name and lines, re-priced from the catalog, with history and events", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const created = await createPlainEstimate(runtime, member, "First draft");
    const catalog = await readOfferedCatalog(runtime, member, "CE");
    const [addOn] = pickAddOns(catalog, 1) as [CatalogRow];
    const before = await lastEventId(runtime, organization.id);

    const response = await saveEstimate(runtime, member, { name: "Second draft", edition_id: "CE", lines: [{ inventory_id: addOn.inventory_id, quantity: 4 }] }, { id: created.id });
    expect(response.status).toBe(200);
    const updated: Estimate = await response.json();
    expect(updated).toMatchObject({ id: created.id, name: "Second draft", edition_id: "CE", is_primary: true });
    expect(codePointOrder(idsOf(updated.lines))).toEqual(codePointOrder([...idsOf(includedRows(catalog)), addOn.inventory_id]));
    expectReadingOrder(updated.lines);
    const total = includedRows(catalog).reduce((sum, row) => sum + row.price_cents, 0) + addOn.price_cents * 4;
    expect(updated.total_monthly_price_cents).toBe(total);
    // The Financial lines are gone, not kept beside the new ones.
    const stored = await runtime.database.db.select().from(pricingEstimateLines).where(eq(pricingEstimateLines.headerId, created.id));
    expect(stored).toHaveLength(updated.lines.length);

    expect(await eventsAfter(runtime, organization.id, before)).toEqual([
      { type: "estimateHeaderChanged", organizationId: organization.id, estimateId: created.id },
      { type: "estimateDetailsChanged", organizationId: organization.id, estimateId: created.id },
    ]);
    const history = await runtime.database.db
      .select()
      .from(pricingEstimateHistory)
      .where(and(eq(pricingEstimateHistory.estimateId, created.id), eq(pricingEstimateHistory.action, "updated")));
    expect(history).toEqual([expect.objectContaining({ estimateName: "Second draft", actorId: member.id, totalMonthlyPrice: expect.any(String) })]);
  });

  it("answers 404 \"Estimate not found\" for unknown, malformed and other organizations' ids alike", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    const estimateOfA = await createPlainEstimate(runtime, a.member, "A's estimate");
    const body = { edition_id: "FE", lines: [] };
    for (const id of ["8f0c2a4e-1111-4a4a-9a9a-000000000000", "not-a-uuid", "' OR 1=1 --", estimateOfA.id]) {
      for (const response of [
        await saveEstimate(runtime, b.member, body, { id: encodeURIComponent(id) }),
        await call(runtime, `/api/pricing/estimates/${encodeURIComponent(id)}`, { as: b.member }),
      ]) {
        expect(response.status, id).toBe(404);
        expect(await errorOf(response)).toEqual({ code: "not_found", message: "Estimate not found" });
      }
    }
    // A's estimate is untouched.
    expect((await readJson<Estimate>(runtime, `/api/pricing/estimates/${estimateOfA.id}`, a.member)).name).toBe("A's estimate");
  });
});

describe("reading an estimate", () => {
  it("lists its lines in reading order (base, add-ons by module, included) and leaves out the ones the catalog no longer offers, counting them", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const catalog = await readOfferedCatalog(runtime, member, "EE");
    const addOns = pickAddOns(catalog, 3);
    const estimate = await createEstimateOk(runtime, member, {
      edition_id: "EE",
      lines: [...addOns].reverse().map((row) => ({ inventory_id: row.inventory_id, quantity: 2 })),
    });
    expectReadingOrder(estimate.lines);

    // What a catalog import does to the lines of unlocked estimates it stops offering.
    const [gone, keptWithoutDescription] = addOns as [CatalogRow, CatalogRow];
    await runtime.database.db
      .update(pricingEstimateLines)
      .set({ status: "incompatible" })
      .where(and(eq(pricingEstimateLines.headerId, estimate.id), eq(pricingEstimateLines.inventoryId, gone.inventory_id)));
    await runtime.database.db
      .update(pricingEstimateLines)
      .set({ description: null })
      .where(and(eq(pricingEstimateLines.headerId, estimate.id), eq(pricingEstimateLines.inventoryId, keptWithoutDescription.inventory_id)));

    const read = await readJson<Estimate>(runtime, `/api/pricing/estimates/${estimate.id}`, member);
    expect(idsOf(read.lines)).toEqual(idsOf(estimate.lines).filter((id) => id !== gone.inventory_id));
    expect(read.excluded_line_count).toBe(1);
    expect(read.line_count).toBe(estimate.line_count - 1);
    expect(read.total_monthly_price_cents).toBe(estimate.total_monthly_price_cents - gone.price_cents * 2);
    expect(read.lines.find((line) => line.inventory_id === keptWithoutDescription.inventory_id)?.description).toBeNull();

    const listed = (await readJson<EstimateList>(runtime, "/api/pricing/estimates", member)).estimates[0];
    expect(listed).toMatchObject({ id: estimate.id, line_count: read.line_count, total_monthly_price_cents: read.total_monthly_price_cents });
  });
});

describe("the quick estimate", () => {
  it("saves the recommended edition, add-ons and user packs as an estimate named after the edition", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const answers = { business_aspects: ["Manufacturing", "Field Service"], company_size: "51-200" as const };
    const response = await call(runtime, "/api/pricing/quick-estimate", { method: "POST", as: member, body: answers });
    expect(response.status).toBe(201);
    const estimate: Estimate = await response.json();

    const catalog = await readOfferedCatalog(runtime, member, "EE");
    const recommended = recommendEstimate(answers, catalog);
    expect(recommended.edition_id).toBe("EE");
    expect(recommended.lines.map((line) => line.inventory_id), "the catalog offers the recommended modules").toContain("ADD-USERS-10");
    expect(estimate).toMatchObject({ organization_id: organization.id, name: "Quick estimate: Enterprise Edition", edition_id: "EE", source: "quick", is_primary: true });
    const chosen = estimate.lines.filter((line) => line.sku_type === "AddOn").map((line) => ({ inventory_id: line.inventory_id, quantity: line.quantity }));
    expect(chosen).toEqual(recommended.lines);
    expect(chosen).toContainEqual({ inventory_id: "ADD-USERS-10", quantity: 6 });
    expect(codePointOrder(idsOf(estimate.lines.filter((line) => line.sku_type !== "AddOn")))).toEqual(codePointOrder(idsOf(includedRows(catalog))));
    expectReadingOrder(estimate.lines);
  });

  it("records the aspects chosen as the organization's answer: Business Setup shows them, keeping its other answers, and /business reads them back", async () => {
    const { member } = await buildMemberOrganization(runtime);
    // Business Setup saved first, with another answer beside the aspects.
    const draft = await call(runtime, "/api/launchpad/pages/business-setup", {
      method: "PUT",
      as: member,
      body: { mode: "draft", answers: { business_aspects: ["Distribution"], industry: "Wholesale distribution" } },
    });
    expect(draft.status, await draft.clone().text()).toBe(200);
    const response = await call(runtime, "/api/pricing/quick-estimate", {
      method: "POST",
      as: member,
      body: { business_aspects: ["manufacturing", "eCommerce"], company_size: "11-50" },
    });
    expect(response.status).toBe(201);

    const launchpad = await readJson<Launchpad>(runtime, "/api/launchpad", member);
    const businessSetup = launchpad.pages.find((page) => page.id === "business-setup");
    expect(businessSetup).toMatchObject({
      is_completed: false,
      data_snapshot: { business_aspects: ["Manufacturing", "eCommerce"], industry: "Wholesale distribution" },
    });
    // The access rules (the Ecommerce item) and /business's preselection read the same answer.
    const access = await readJson<{ business_aspects: string[] }>(runtime, "/api/access", member);
    expect(access.business_aspects).toEqual(["Manufacturing", "eCommerce"]);
  });

  it("recommends the Financial Edition alone for a small business without aspects", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await call(runtime, "/api/pricing/quick-estimate", { method: "POST", as: member, body: { business_aspects: [], company_size: "1-10" } });
    const estimate: Estimate = await response.json();
    expect(estimate).toMatchObject({ name: "Quick estimate: Financial Edition", edition_id: "FE", source: "quick" });
    expect(estimate.lines.filter((line) => line.sku_type === "AddOn")).toEqual([]);
    expect(codePointOrder(idsOf(estimate.lines))).toEqual(codePointOrder(idsOf(includedRows(await readOfferedCatalog(runtime, member, "FE")))));
    expectReadingOrder(estimate.lines);
  });

  it("refuses an unknown company size", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await call(runtime, "/api/pricing/quick-estimate", { method: "POST", as: member, body: { business_aspects: [], company_size: "huge" } });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "validation_failed", details: [{ path: "company_size", message: "Choose the size of your company" }] });
  });
});
