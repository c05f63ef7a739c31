import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_ENTITY_IDS, type MigrationEntityId } from "#common/domain/migration-entities";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildOrganization, buildUser, call } from "#tests/factories";
import { buildCsv, buildMigrationMember, columnsOf, csvWith, stagedRowsOf, uploadOk, validCsv } from "#tests/migration-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/**
 * The ETL team's export of a staged dataset: the CSV it loads into the ERP. It reads back as the
 * rows that were staged (re-uploading it stages the same values), streams in batches, and is
 * only for the ETL team.
 */

let runtime: Runtime;
let employee: TestUser;
/** The organization the employee acts for (organization routes need one named). */
let employeeOrg: string;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
  employeeOrg = (await buildOrganization(runtime)).id;
});
afterAll(async () => {
  await runtime.close();
});

const exportPath = (datasetId: string) => `/api/etl-admin/datasets/${datasetId}/export`;

async function exportCsv(datasetId: string): Promise<{ response: Response; text: string }> {
  const response = await call(runtime, exportPath(datasetId), { as: employee, org: employeeOrg });
  expect(response.status).toBe(200);
  return { response, text: await response.text() };
}

/** Every staged row's values of the entity, in file order (all pages). */
async function allStagedValues(member: TestUser, entity: MigrationEntityId) {
  const values = [];
  for (let page = 1; ; page += 1) {
    const staged = await stagedRowsOf(runtime, member, entity, page);
    values.push(...staged.rows.map((row) => row.values));
    if (page * staged.page_size >= staged.total) return values;
  }
}

/** Rows with the values a file can hold that need care on the way back: quotes, commas, line breaks, signs, flags, empties. */
const TRICKY: Record<MigrationEntityId, Record<string, string>[]> = {
  "chart-of-accounts": [{ account_name: 'Sales, "retail"', is_active: "no", description: "" }, { is_active: "1" }],
  customers: [{ customer_name: "Northwind\r\nTraders", credit_limit: "$1,234.5", email: "" }, { credit_limit: "0" }],
  vendors: [{ vendor_name: "Contoso, Ltd.", tax_id: "" }, {}],
  items: [{ description: 'Widget 10" blue', unit_price: "", unit_cost: "0.05" }, {}],
  "open-receivables": [{ amount: "-1,250.00", balance: "-750" }, { balance: "0" }],
  "open-payables": [{ amount: "0.01", balance: "0.01" }, {}],
};

describe("exporting a staged dataset", () => {
  it("round-trips every entity: the export, uploaded again, stages the same rows", async () => {
    const { member } = await buildMigrationMember(runtime);
    for (const entity of MIGRATION_ENTITY_IDS) {
      const tricky = csvWith(entity, TRICKY[entity]);
      const file = `${tricky}${validCsv(entity, 8, { start: 3 }).split("\r\n").slice(1).join("\r\n")}`;
      const { dataset } = await uploadOk(runtime, member, entity, file);
      const before = await allStagedValues(member, entity);
      expect(before).toHaveLength(10);

      const { text } = await exportCsv(dataset.id);
      expect(text.split("\r\n")[0]).toBe(columnsOf(entity).join(","));
      const again = await uploadOk(runtime, member, entity, text, { fileName: `${entity}-again.csv` });
      expect(again.report).toMatchObject({ outcome: "staged", total_rows: 10, error_rows: 0 });
      expect(await allStagedValues(member, entity), entity).toEqual(before);
    }
  });

  it("writes amounts in dollars, flags as true or false, empty cells for nothing, quoting what needs it", async () => {
    const { member } = await buildMigrationMember(runtime);
    const chart = buildCsv([
      ["account_number", "account_name", "account_type", "is_active"],
      ["4000", 'Sales, "retail"', "income", "yes"],
      ["5000", "Cost\nof goods", "Expense", "0"],
      ["6000", "Rent", "expense", ""],
    ]);
    const { dataset } = await uploadOk(runtime, member, "chart-of-accounts", chart);
    expect((await exportCsv(dataset.id)).text).toBe(
      'account_number,account_name,account_type,description,is_active\r\n4000,"Sales, ""retail""",Income,,true\r\n5000,"Cost\nof goods",Expense,,false\r\n6000,Rent,Expense,,\r\n',
    );
    await uploadOk(runtime, member, "customers", validCsv("customers", 2));
    const receivables = await uploadOk(runtime, member, "open-receivables", csvWith("open-receivables", [{ amount: "$1,234.5", balance: "1234.50" }, { amount: "-12", balance: "-0.5", currency: "" }]));
    const lines = (await exportCsv(receivables.dataset.id)).text.split("\r\n");
    expect(lines.slice(1)).toEqual(["INV-1,CUST-1,2026-10-01,2026-10-31,1234.50,1234.50,USD", "INV-2,CUST-2,2026-10-01,2026-10-31,-12.00,-0.50,", ""]);
  });

  it("neutralises cells a spreadsheet would run as formulas; uploaded again, they stage unchanged", async () => {
    const { member } = await buildMigrationMember(runtime);
    const evil = '=HYPERLINK("http://evil.example","x")';
    const risky = { customer_name: evil, address_line1: "-5 Main Street", city: "@Springfield" };
    // A file's quote before a formula is read as the guard it is: a literal one is written doubled.
    const { dataset } = await uploadOk(runtime, member, "customers", csvWith("customers", [{ ...risky, payment_terms: "''=quoted already" }]));
    const before = await allStagedValues(member, "customers");
    expect(before[0]).toMatchObject({ ...risky, payment_terms: "'=quoted already" });

    const { text } = await exportCsv(dataset.id);
    expect(text.split("\r\n")[1]).toBe(
      `CUST-1,"'=HYPERLINK(""http://evil.example"",""x"")",contact1@example.test,'+1 555 0100,'-5 Main Street,'@Springfield,,,US,USD,''=quoted already,25000.00`,
    );
    await uploadOk(runtime, member, "customers", text, { fileName: "customers-again.csv" });
    expect(await allStagedValues(member, "customers")).toEqual(before);
  });

  it("names the file after the organization and the entity, as an attachment nobody caches", async () => {
    // Organization names are unique: the suffix is lower-case hex, so it reads the same in the slug.
    const suffix = uniqueSuffix();
    const { member } = await buildMigrationMember(runtime, { organizationName: `Northwind Traders, Inc. (Café) ${suffix}` });
    const { dataset } = await uploadOk(runtime, member, "vendors", validCsv("vendors", 1));
    const { response } = await exportCsv(dataset.id);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="northwind-traders-inc-cafe-${suffix}-vendors.csv"`);
    expect(response.headers.get("cache-control")).toBe("no-store");

    // A name with nothing a file name can keep: the organization's id instead.
    const unique = [...uniqueSuffix()].map((char) => String.fromCharCode(0x4e00 + char.charCodeAt(0))).join("");
    const other = await buildMigrationMember(runtime, { organizationName: `東京商事 ${unique}` });
    const theirs = await uploadOk(runtime, other.member, "vendors", validCsv("vendors", 1));
    const fallback = (await exportCsv(theirs.dataset.id)).response.headers.get("content-disposition");
    expect(fallback).toBe(`attachment; filename="${other.organization.id}-vendors.csv"`);
  });

  it("reads a large dataset in batches, every row once, in file order", async () => {
    const { member } = await buildMigrationMember(runtime);
    const { dataset } = await uploadOk(runtime, member, "vendors", validCsv("vendors", 2_600));
    const rows = (await exportCsv(dataset.id)).text.split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(2_600);
    expect(rows.map((row) => row.split(",")[0])).toEqual(Array.from({ length: 2_600 }, (_, index) => `VEND-${index + 1}`));
  });

  it("breaks off rather than mix two files when a new one is staged during the download", async () => {
    const { member } = await buildMigrationMember(runtime);
    const { dataset } = await uploadOk(runtime, member, "vendors", validCsv("vendors", 2_600));
    const response = await call(runtime, exportPath(dataset.id), { as: employee, org: employeeOrg });
    const reader = response.body?.getReader();
    if (!reader) throw new Error("the export has no body");
    const header = await reader.read();
    expect(new TextDecoder().decode(header.value)).toBe(`${columnsOf("vendors").join(",")}\r\n`);
    await uploadOk(runtime, member, "vendors", validCsv("vendors", 2_600, { start: 10_001 }));
    const rest = (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    })();
    await expect(rest).rejects.toThrow("the dataset was replaced while it was exported");
  });
});

describe("who may export", () => {
  it("is the ETL team only: members are refused, anonymous callers too, and unknown ids are not found", async () => {
    const { member } = await buildMigrationMember(runtime);
    const { dataset } = await uploadOk(runtime, member, "vendors", validCsv("vendors", 1));
    const refused = await call(runtime, exportPath(dataset.id), { as: member });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
    expect((await runtime.app.request(exportPath(dataset.id))).status).toBe(401);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "%27"]) {
      const missing = await call(runtime, exportPath(id), { as: employee, org: employeeOrg });
      expect(missing.status, id).toBe(404);
      expect((await missing.json()).error).toEqual({ code: "not_found", message: "Dataset not found" });
    }
  });

  it("is refused for a dataset that was discarded", async () => {
    const { member } = await buildMigrationMember(runtime);
    const { dataset } = await uploadOk(runtime, member, "vendors", validCsv("vendors", 1));
    expect((await call(runtime, "/api/data-migration/vendors", { method: "DELETE", as: member })).status).toBe(200);
    expect((await call(runtime, exportPath(dataset.id), { as: employee, org: employeeOrg })).status).toBe(404);
  });
});
