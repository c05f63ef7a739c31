import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { call } from "#tests/factories";
import { buildMigrationMember, csvWith, issueTriples, uploadOk, uploadRefused, validCsv } from "#tests/migration-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * References: an item's accounts must be in the staged chart of accounts, an open receivable's
 * customer in the staged customers, an open payable's vendor in the staged vendors, all compared
 * regardless of case. An entity with nothing staged is named in missing_references.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe("references to staged rows", () => {
  it("refuses items while no chart of accounts is staged, and names it to upload first", async () => {
    const { member } = await buildMigrationMember(runtime);
    const { message, report } = await uploadRefused(runtime, member, "items", validCsv("items", 2));
    expect(message).toBe("2 rows have problems. Nothing was staged.");
    expect(report.missing_references).toEqual(["chart-of-accounts"]);
    expect(report.issues).toEqual([
      { line: 2, column: "sales_account", message: "Account ACC-1 is not in the uploaded chart of accounts", value: "ACC-1" },
      { line: 3, column: "sales_account", message: "Account ACC-2 is not in the uploaded chart of accounts", value: "ACC-2" },
    ]);
  });

  it("accepts items whose accounts are staged, in any case, and reports the others", async () => {
    const { member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "chart-of-accounts", validCsv("chart-of-accounts", 3));
    await uploadOk(runtime, member, "items", csvWith("items", [{ sales_account: "acc-1", cogs_account: " Acc-2 " }, { cogs_account: "" }]));

    const csv = csvWith("items", [{ sales_account: "ACC-4" }, { cogs_account: "9999" }, { sales_account: "ACC-3", cogs_account: "ACC-1" }]);
    const { report } = await uploadRefused(runtime, member, "items", csv);
    expect(report.missing_references).toEqual([]);
    expect(report.issues).toEqual([
      { line: 2, column: "sales_account", message: "Account ACC-4 is not in the uploaded chart of accounts", value: "ACC-4" },
      { line: 3, column: "cogs_account", message: "Account 9999 is not in the uploaded chart of accounts", value: "9999" },
    ]);
  });

  it("checks open receivables against the staged customers and open payables against the staged vendors", async () => {
    const { member } = await buildMigrationMember(runtime);
    const receivables = csvWith("open-receivables", [{ customer_id: "CUST-1" }, { customer_id: "CUST-2" }]);
    const payables = csvWith("open-payables", [{ vendor_id: "vend-1" }, { vendor_id: "VEND-9" }]);
    expect((await uploadRefused(runtime, member, "open-receivables", receivables)).report.missing_references).toEqual(["customers"]);
    expect((await uploadRefused(runtime, member, "open-payables", payables)).report.missing_references).toEqual(["vendors"]);

    await uploadOk(runtime, member, "customers", validCsv("customers", 2));
    await uploadOk(runtime, member, "vendors", validCsv("vendors", 2));
    expect((await uploadOk(runtime, member, "open-receivables", receivables)).report.total_rows).toBe(2);
    const refused = await uploadRefused(runtime, member, "open-payables", payables);
    expect(refused.report.missing_references).toEqual([]);
    expect(issueTriples(refused.report.issues)).toEqual([[3, "vendor_id", "Vendor VEND-9 is not in the uploaded vendors"]]);
  });

  it("checks against what is staged now: a re-uploaded chart of accounts changes the answer", async () => {
    const { member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "chart-of-accounts", validCsv("chart-of-accounts", 1));
    const items = csvWith("items", [{ sales_account: "ACC-2" }]);
    expect(issueTriples((await uploadRefused(runtime, member, "items", items)).report.issues)).toEqual([
      [2, "sales_account", "Account ACC-2 is not in the uploaded chart of accounts"],
    ]);
    await uploadOk(runtime, member, "chart-of-accounts", validCsv("chart-of-accounts", 2));
    await uploadOk(runtime, member, "items", items);
  });

  it("never reads another organization's staged rows", async () => {
    const a = await buildMigrationMember(runtime);
    const b = await buildMigrationMember(runtime);
    await uploadOk(runtime, a.member, "customers", validCsv("customers", 5));
    const { report } = await uploadRefused(runtime, b.member, "open-receivables", validCsv("open-receivables", 1));
    expect(report.missing_references).toEqual(["customers"]);

    // A discarded dataset is nothing staged again.
    expect((await call(runtime, "/api/data-migration/customers", { method: "DELETE", as: a.member })).status).toBe(200);
    expect((await uploadRefused(runtime, a.member, "open-receivables", validCsv("open-receivables", 1))).report.missing_references).toEqual(["customers"]);
  });
});
