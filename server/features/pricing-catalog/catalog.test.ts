import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_CSV_COLUMNS, type CatalogAnswer } from "#common/contracts/pricing-catalog";
import { pricingEstimateHistory, pricingEstimateLines, pricingEstimates, realtimeEvents } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime, testEngine, uniqueSuffix } from "#tests/test-runtime";
import { readDefaultCatalogCsv } from "./catalog-seed.ts";

// The catalog is global: on PostgreSQL every test file shares it. The tests that import keep every
// default row (they only add rows tagged with a unique id) and import the default file again at
// their end; they live in this one file so they run one after the other. (The tenant matrix's
// import row re-imports the catalog's own export, which changes nothing.)

let runtime: Runtime;
let employee: TestUser;
let defaultCsv: string;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
  defaultCsv = await readDefaultCatalogCsv();
});
afterAll(async () => {
  await runtime.close();
});

const HEADER = CATALOG_CSV_COLUMNS.join(",");

async function getCatalog(as: TestUser, query = ""): Promise<CatalogAnswer> {
  const response = await call(runtime, `/api/pricing/catalog${query}`, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CatalogAnswer;
}

async function exportCsv(as: TestUser = employee): Promise<string> {
  const response = await call(runtime, "/api/pricing/catalog/export", { as });
  expect(response.status).toBe(200);
  return response.text();
}

const importCsv = (csv: string, as: TestUser = employee) => call(runtime, "/api/pricing/catalog/import", { method: "POST", as, body: { csv } });

async function importOk(csv: string): Promise<{ imported_rows: number; excluded_estimate_lines: number }> {
  const response = await importCsv(csv);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** The default catalog plus extra rows (CSV lines without a header). */
const withExtraRows = (...lines: string[]) => `${defaultCsv}${lines.map((line) => `${line}\n`).join("")}`;

describe("catalog export and import: who may", () => {
  it("refuses members (403) and anonymous callers (401), and changes nothing", async () => {
    const { organization } = await buildMemberOrganization(runtime);
    const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
    const before = await exportCsv();
    for (const as of [admin, undefined]) {
      const expected = as ? 403 : 401;
      expect((await call(runtime, "/api/pricing/catalog/export", { as })).status).toBe(expected);
      const refused = await call(runtime, "/api/pricing/catalog/import", { method: "POST", as, body: { csv: defaultCsv } });
      expect(refused.status).toBe(expected);
      expect((await refused.json()).error.code).toBe(as ? "forbidden" : "unauthenticated");
    }
    expect(await exportCsv()).toBe(before);
  });
});

describe("catalog export", () => {
  it("is a CSV attachment with the import's header, every licence type and two-decimal prices", async () => {
    const response = await call(runtime, "/api/pricing/catalog/export", { as: employee });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="pricing-catalog.csv"');
    const text = await response.text();
    expect(text.split("\n")[0]).toBe(HEADER);
    expect(text).toContain("\nFE-BASE,");
    expect(text).toContain(",EE,5450.00,Base,PRIV,SP,true\n");
    expect(text).toContain(",Services,FE,7500.00,AddOn,SAAS,PS,false\n");
  });
});

describe("catalog import", () => {
  it("round-trips: importing an export changes nothing, and the next export is identical", async () => {
    const before = await exportCsv();
    const result = await importOk(before);
    expect(result.imported_rows).toBe(before.trimEnd().split("\n").length - 1);
    expect(await exportCsv()).toBe(before);
  });

  it("round-trips cells a spreadsheet would run as formulas: neutralised in the export, read back as they were", async () => {
    const tag = uniqueSuffix().toUpperCase();
    await importOk(
      withExtraRows(
        `TEST-F-${tag},"=HYPERLINK(""http://evil.example"",""x"")",-12.50,FE,12.50,AddOn,SAAS,SP,true`,
        `TEST-G-${tag},@home,+Plus,FE,0.00,AddOn,SAAS,SP,false`,
      ),
    );
    try {
      const exported = await exportCsv();
      expect(exported).toContain(`\nTEST-F-${tag},"'=HYPERLINK(""http://evil.example"",""x"")",-12.50,FE,12.50,AddOn,SAAS,SP,true\n`);
      expect(exported).toContain(`\nTEST-G-${tag},'@home,'+Plus,FE,0.00,AddOn,SAAS,SP,false\n`);
      const { rows } = await getCatalog(employee);
      expect(rows.filter((row) => row.inventory_id.endsWith(tag)).map((row) => [row.description, row.module])).toEqual([
        ['=HYPERLINK("http://evil.example","x")', "-12.50"],
        ["@home", "+Plus"],
      ]);
      await importOk(exported);
      expect((await getCatalog(employee)).rows).toEqual(rows);
      expect(await exportCsv()).toBe(exported);
    } finally {
      await importOk(defaultCsv);
    }
  });

  it("refuses a file with a bad row (the row's line and column in the details) and leaves the catalog unchanged", async () => {
    const before = await exportCsv();
    const tag = uniqueSuffix().toUpperCase();
    const lines = defaultCsv.trimEnd().split("\n").length;
    const response = await importCsv(
      withExtraRows(`TEST-${tag},Good row,Extras,FE,1.00,AddOn,SAAS,SP,true`, `TEST-BAD-${tag},Bad price,Extras,FE,-5,AddOn,SAAS,SP,true`),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.message).toBe("The catalog file has 1 problem; nothing was imported.");
    expect(body.error.details).toEqual([{ path: `row.${lines + 2}.price`, message: expect.stringContaining("not negative") }]);
    expect(await exportCsv()).toBe(before);
    expect(await exportCsv()).not.toContain(`TEST-${tag}`);
  });

  it("refuses a header-only file and a file missing a column", async () => {
    const headerOnly = await (await importCsv(`${HEADER}\n`)).json();
    expect(headerOnly.error.details).toEqual([{ path: "row.1", message: "The file has a header but no catalog rows" }]);
    const noModule = defaultCsv.replace("module,", "");
    const missing = await (await importCsv(noModule)).json();
    expect(missing.error.details).toContainEqual({ path: "row.1.module", message: "This column is missing" });
  });

  it("serialises concurrent imports: both succeed and the catalog is whole", async () => {
    const before = await exportCsv();
    const results = await Promise.all([importCsv(defaultCsv), importCsv(defaultCsv)]);
    expect(results.map((response) => response.status)).toEqual([200, 200]);
    expect(await exportCsv()).toBe(before);
  });
});

describe("catalog import and estimates", () => {
  type LineSeed = { inventoryId: string; price: string; quantity: number; skuType?: string };

  async function insertEstimate(organizationId: string, options: { locked: boolean; primary: boolean; lines: LineSeed[]; total: string }) {
    const db = runtime.database.db;
    const [header] = await db
      .insert(pricingEstimates)
      .values({
        organizationId,
        name: `Estimate ${uniqueSuffix()}`,
        editionId: "FE",
        isPrimary: options.primary,
        isLocked: options.locked,
        lockedAt: options.locked ? new Date() : null,
        totalMonthlyPrice: options.total,
      })
      .returning();
    if (!header) throw new Error("estimate not inserted");
    await db.insert(pricingEstimateLines).values(
      options.lines.map((line) => ({
        headerId: header.id,
        inventoryId: line.inventoryId,
        module: "Extras",
        description: line.inventoryId,
        skuType: line.skuType ?? "AddOn",
        price: line.price,
        quantity: line.quantity,
      })),
    );
    return header;
  }

  const linesOf = (headerId: string) =>
    runtime.database.db
      .select({ inventoryId: pricingEstimateLines.inventoryId, status: pricingEstimateLines.status })
      .from(pricingEstimateLines)
      .where(eq(pricingEstimateLines.headerId, headerId))
      .orderBy(asc(pricingEstimateLines.inventoryId));

  const headerOf = async (headerId: string) => {
    const [row] = await runtime.database.db.select().from(pricingEstimates).where(eq(pricingEstimates.id, headerId));
    return row;
  };

  const eventsOf = (organizationId: string) =>
    runtime.database.db
      .select({ type: realtimeEvents.type, payload: realtimeEvents.payload })
      .from(realtimeEvents)
      .where(eq(realtimeEvents.organizationId, organizationId))
      .orderBy(asc(realtimeEvents.id));

  it("marks lines no longer offered incompatible on unlocked estimates only, recomputes their totals, logs and publishes", async () => {
    const tag = uniqueSuffix().toUpperCase();
    const gone = `TEST-GONE-${tag}`;
    const hidden = `TEST-HIDDEN-${tag}`;
    await importOk(
      withExtraRows(`${gone},Test add-on removed later,Extras,FE,10.00,AddOn,SAAS,SP,true`, `${hidden},Test add-on hidden later,Extras,FE,2.50,AddOn,SAAS,SP,true`),
    );
    try {
      const organization = await buildOrganization(runtime);
      const other = await buildOrganization(runtime);
      const lines: LineSeed[] = [
        { inventoryId: "FE-BASE", price: "1250.00", quantity: 1, skuType: "Base" },
        { inventoryId: "CORE-GL", price: "0.00", quantity: 1, skuType: "Core" },
        { inventoryId: "ADD-TE", price: "165.00", quantity: 2 },
        { inventoryId: gone, price: "10.00", quantity: 3 },
        { inventoryId: hidden, price: "2.50", quantity: 4 },
      ];
      const locked = await insertEstimate(organization.id, { locked: true, primary: true, lines, total: "1620.00" });
      const unlocked = await insertEstimate(organization.id, { locked: false, primary: false, lines, total: "1620.00" });
      const untouched = await insertEstimate(other.id, { locked: false, primary: true, lines: lines.slice(0, 3), total: "1580.00" });

      const result = await importOk(withExtraRows(`${hidden},Test add-on hidden now,Extras,FE,2.50,AddOn,SAAS,SP,false`));
      // PostgreSQL runs share the database with other files: their estimates could lose lines too.
      if (testEngine() === "pglite") expect(result.excluded_estimate_lines).toBe(2);
      else expect(result.excluded_estimate_lines).toBeGreaterThanOrEqual(2);

      expect(await linesOf(unlocked.id)).toEqual([
        { inventoryId: "ADD-TE", status: "active" },
        { inventoryId: "CORE-GL", status: "active" },
        { inventoryId: "FE-BASE", status: "active" },
        { inventoryId: gone, status: "incompatible" },
        { inventoryId: hidden, status: "incompatible" },
      ]);
      expect((await headerOf(unlocked.id))?.totalMonthlyPrice).toBe("1580.00");
      // The price lock: a locked estimate keeps its lines and total.
      expect((await linesOf(locked.id)).every((line) => line.status === "active")).toBe(true);
      expect((await headerOf(locked.id))?.totalMonthlyPrice).toBe("1620.00");
      expect((await headerOf(untouched.id))?.totalMonthlyPrice).toBe("1580.00");

      const history = await runtime.database.db
        .select()
        .from(pricingEstimateHistory)
        .where(and(eq(pricingEstimateHistory.organizationId, organization.id), eq(pricingEstimateHistory.action, "lines_excluded")));
      expect(history).toEqual([
        expect.objectContaining({ estimateId: unlocked.id, estimateName: unlocked.name, actorId: employee.id, totalMonthlyPrice: "1580.00" }),
      ]);

      const events = await eventsOf(organization.id);
      expect(events).toEqual([
        { type: "estimateHeaderChanged", payload: { type: "estimateHeaderChanged", organizationId: organization.id, estimateId: unlocked.id } },
        { type: "estimateDetailsChanged", payload: { type: "estimateDetailsChanged", organizationId: organization.id, estimateId: unlocked.id } },
      ]);
      expect(await eventsOf(other.id)).toEqual([]);

      // A second import excludes nothing more from these estimates: incompatible lines stay so.
      await importOk(defaultCsv);
      expect(await eventsOf(organization.id)).toHaveLength(2);
    } finally {
      await importOk(defaultCsv);
    }
  });
});
