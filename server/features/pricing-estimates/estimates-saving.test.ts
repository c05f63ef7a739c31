import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogAnswer, CatalogRow } from "#common/contracts/pricing-catalog";
import type { EstimateList } from "#common/contracts/pricing-estimates";
import { centsToDecimal } from "#common/domain/money";
import { pricingEstimateHistory, pricingEstimateLines, pricingEstimates } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildOrganization, buildUser, call } from "#tests/factories";
import { lastEventId } from "#tests/onboarding-test-kit";
import { createEstimateOk, errorOf, eventsAfter, includedRows, pickAddOns, readJson, readOfferedCatalog, saveEstimate, expectReadingOrder } from "#tests/pricing-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const byInventoryId = (a: { inventory_id: string }, b: { inventory_id: string }) =>
  a.inventory_id < b.inventory_id ? -1 : a.inventory_id > b.inventory_id ? 1 : 0;

async function buildMember(options: { fullName?: string } = {}) {
  const organization = await buildOrganization(runtime);
  const member = await buildUser(runtime, { organizationId: organization.id, fullName: options.fullName });
  return { organization, member };
}

describe("saving an estimate", () => {
  it("adds the edition's base and core rows to the chosen add-ons, snapshots the catalog and totals price × quantity in cents", async () => {
    const fullName = `Ana ${uniqueSuffix()}`;
    const { organization, member } = await buildMember({ fullName });
    const catalog = await readOfferedCatalog(runtime, member, "SE");
    // An add-on with cents in its price, when the catalog has one, shows that nothing is rounded.
    const addOns = pickAddOns(catalog, 3);
    const withCents = addOns.find((row) => row.price_cents % 100 !== 0) ?? addOns[0];
    const other = addOns.find((row) => row !== withCents) as CatalogRow;
    const estimate = await createEstimateOk(runtime, member, {
      edition_id: "SE",
      lines: [
        { inventory_id: (withCents as CatalogRow).inventory_id, quantity: 7 },
        { inventory_id: other.inventory_id, quantity: 1 },
      ],
    });

    const expected = [...includedRows(catalog).map((row) => ({ row, quantity: 1 })), { row: withCents as CatalogRow, quantity: 7 }, { row: other, quantity: 1 }]
      .map(({ row, quantity }) => ({
        inventory_id: row.inventory_id,
        module: row.module,
        description: row.description,
        sku_type: row.sku_type,
        price_cents: row.price_cents,
        quantity,
        line_total_cents: row.price_cents * quantity,
      }))
      .sort(byInventoryId);
    expect(estimate.lines.map(({ id: _id, ...line }) => line).sort(byInventoryId)).toEqual(expected);
    expectReadingOrder(estimate.lines);
    expect(estimate.lines[0]?.sku_type, "the base subscription first").toBe("Base");
    expect(includedRows(catalog).filter((row) => row.sku_type === "Base")).toHaveLength(1);
    const total = expected.reduce((sum, line) => sum + line.line_total_cents, 0);
    expect(estimate).toMatchObject({
      organization_id: organization.id,
      name: "Standard Edition estimate",
      edition_id: "SE",
      license_type_id: "SAAS",
      source: "calculator",
      is_primary: true,
      is_locked: false,
      locked_by_name: null,
      subscription_approved: false,
      total_monthly_price_cents: total,
      line_count: expected.length,
      excluded_line_count: 0,
      created_by_name: fullName,
    });

    // The header keeps the total as numeric text, the lines their price as it was when saved.
    const [header] = await runtime.database.db.select().from(pricingEstimates).where(eq(pricingEstimates.id, estimate.id));
    expect(header?.totalMonthlyPrice).toBe(centsToDecimal(total));
    const stored = await runtime.database.db.select().from(pricingEstimateLines).where(eq(pricingEstimateLines.headerId, estimate.id));
    expect(stored.map((line) => [line.inventoryId, line.price, line.status]).sort()).toEqual(
      expected.map((line) => [line.inventory_id, centsToDecimal(line.price_cents), "active"]).sort(),
    );
  });

  it("names it after the edition unless a name is given, and only the organization's first estimate becomes primary", async () => {
    const { member } = await buildMember();
    const first = await createEstimateOk(runtime, member, { edition_id: "FE", lines: [] });
    const second = await createEstimateOk(runtime, member, { name: "  Growth plan  ", edition_id: "EE", lines: [] });
    expect([first.name, first.is_primary]).toEqual(["Financial Edition estimate", true]);
    expect([second.name, second.is_primary]).toEqual(["Growth plan", false]);
    const list = await readJson<EstimateList>(runtime, "/api/pricing/estimates", member);
    expect(list.estimates.filter((estimate) => estimate.is_primary).map((estimate) => estimate.id)).toEqual([first.id]);
  });

  it("records the creation in the history and publishes the header, details and launchpad events", async () => {
    const { organization, member } = await buildMember();
    const before = await lastEventId(runtime, organization.id);
    const estimate = await createEstimateOk(runtime, member, { edition_id: "FE", lines: [] });
    expect(await eventsAfter(runtime, organization.id, before)).toEqual([
      { type: "estimateHeaderChanged", organizationId: organization.id, estimateId: estimate.id },
      { type: "estimateDetailsChanged", organizationId: organization.id, estimateId: estimate.id },
      { type: "launchpadChanged", organizationId: organization.id },
    ]);
    const history = await runtime.database.db.select().from(pricingEstimateHistory).where(eq(pricingEstimateHistory.estimateId, estimate.id));
    expect(history).toEqual([
      expect.objectContaining({
        organizationId: organization.id,
        estimateName: "Financial Edition estimate",
        action: "created",
        actorId: member.id,
        totalMonthlyPrice: centsToDecimal(estimate.total_monthly_price_cents),
      }),
    ]);
  });

  it("an employee saves for the organization they name", async () => {
    const { organization, member } = await buildMember();
    const employee = await buildUser(runtime, { isEmployee: true, fullName: "Staff Member" });
    const estimate = await createEstimateOk(runtime, employee, { edition_id: "CE", lines: [] }, organization.id);
    expect(estimate).toMatchObject({ organization_id: organization.id, created_by_name: "Staff Member", is_primary: true });
    expect((await readJson<EstimateList>(runtime, "/api/pricing/estimates", member)).estimates.map((row) => row.id)).toEqual([estimate.id]);
  });
});

describe("refusing an estimate", () => {
  const refusals: [string, unknown, { path: string; message: string }][] = [
    ["a quantity of 0", [{ inventory_id: "X", quantity: 0 }], { path: "lines.0.quantity", message: "Quantity must be at least 1" }],
    ["a quantity of 10,000", [{ inventory_id: "X", quantity: 10_000 }], { path: "lines.0.quantity", message: "Quantity must be at most 9,999" }],
    ["a fractional quantity", [{ inventory_id: "X", quantity: 1.5 }], { path: "lines.0.quantity", message: "Quantity must be a whole number" }],
    ["a quantity as text", [{ inventory_id: "X", quantity: "2" }], { path: "lines.0.quantity", message: "Quantity must be a whole number" }],
    ["an empty inventory id", [{ inventory_id: " ", quantity: 1 }], { path: "lines.0.inventory_id", message: "Choose an add-on" }],
    [
      "the same add-on twice",
      [{ inventory_id: "X", quantity: 1 }, { inventory_id: "X", quantity: 2 }],
      { path: "lines", message: "Each add-on can be chosen once" },
    ],
  ];

  it.each(refusals)("refuses %s, naming the field", async (_label, lines, issue) => {
    const { member } = await buildMember();
    const response = await saveEstimate(runtime, member, { edition_id: "SE", lines });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "validation_failed", message: `${issue.path}: ${issue.message}`, details: [issue] });
  });

  it("refuses an edition that does not exist", async () => {
    const { member } = await buildMember();
    const response = await saveEstimate(runtime, member, { edition_id: "XE", lines: [] });
    expect(await errorOf(response)).toMatchObject({ code: "validation_failed", details: [{ path: "edition_id", message: "Choose an edition" }] });
  });

  it("refuses, line by line, add-ons the edition does not offer: unknown, another edition's, hidden from the calculator, or included", async () => {
    const { member } = await buildMember();
    const financial = await readOfferedCatalog(runtime, member, "FE");
    const offeredToFinancial = new Set(financial.map((row) => row.inventory_id));
    const enterprise = await readOfferedCatalog(runtime, member, "EE");
    const enterpriseOnly = enterprise.find((row) => row.sku_type === "AddOn" && !offeredToFinancial.has(row.inventory_id));
    expect(enterpriseOnly, "the catalog has an Enterprise add-on the Financial Edition lacks").toBeDefined();
    const all: CatalogAnswer = await readJson(runtime, "/api/pricing/catalog?editions=FE", member);
    const hidden = all.rows.find((row) => !row.is_calculator_visible && !offeredToFinancial.has(row.inventory_id));
    expect(hidden, "the catalog has a row hidden from the calculator").toBeDefined();
    const base = financial.find((row) => row.sku_type === "Base") as CatalogRow;
    const [fine] = pickAddOns(financial, 1);

    const response = await saveEstimate(runtime, member, {
      edition_id: "FE",
      lines: [
        { inventory_id: (fine as CatalogRow).inventory_id, quantity: 1 },
        { inventory_id: `NOPE-${uniqueSuffix()}`, quantity: 1 },
        { inventory_id: enterpriseOnly?.inventory_id, quantity: 1 },
        { inventory_id: hidden?.inventory_id, quantity: 1 },
        { inventory_id: base.inventory_id, quantity: 1 },
      ],
    });
    expect(response.status).toBe(400);
    const notOffered = "This add-on is not offered with the Financial Edition";
    expect(await errorOf(response)).toEqual({
      code: "validation_failed",
      message: `lines.1.inventory_id: ${notOffered}`,
      details: [
        { path: "lines.1.inventory_id", message: notOffered },
        { path: "lines.2.inventory_id", message: notOffered },
        { path: "lines.3.inventory_id", message: notOffered },
        { path: "lines.4.inventory_id", message: "This is already included with the Financial Edition" },
      ],
    });
    // Nothing was saved.
    expect((await readJson<EstimateList>(runtime, "/api/pricing/estimates", member)).estimates).toEqual([]);
  });

  it("refuses members of other organizations and anonymous callers, saving nothing for them", async () => {
    const { organization } = await buildMember();
    const outsider = (await buildMember()).member;
    const anonymous = await call(runtime, "/api/pricing/estimates", { method: "POST", body: { edition_id: "FE", lines: [] } });
    expect(anonymous.status).toBe(401);
    const named = await saveEstimate(runtime, outsider, { edition_id: "FE", lines: [] }, { org: organization.id });
    expect(named.status).toBe(404);
    const rows = await runtime.database.db.select().from(pricingEstimates).where(eq(pricingEstimates.organizationId, organization.id));
    expect(rows).toEqual([]);
  });
});
