import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { buildCsv, buildMigrationMember, columnsOf, csvWith, issueTriples, stagedRowsOf, uploadOk, uploadRefused, validCsv } from "#tests/migration-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * The validation report, cell by cell and row by row: required cells, each type's check, empty
 * optional cells, duplicate keys and the checks across a row's cells.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe("cells", () => {
  it("reports an empty or blank required cell as Required, on its line and column", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = csvWith("customers", [{}, { customer_name: "" }, { customer_id: "   " }]);
    const { message, report } = await uploadRefused(runtime, member, "customers", csv);
    expect(message).toBe("2 rows have problems. Nothing was staged.");
    expect(report.issues).toEqual([
      { line: 3, column: "customer_name", message: "Required", value: null },
      { line: 4, column: "customer_id", message: "Required", value: null },
    ]);
    expect(report).toMatchObject({ outcome: "refused", total_rows: 3, valid_rows: 1, error_rows: 2, issue_count: 2, missing_references: [] });
  });

  it("checks every type and quotes the offending cell", async () => {
    const { member } = await buildMigrationMember(runtime);
    const rows: Record<string, string>[] = [
      { email: "not-an-email" },
      { credit_limit: "12.345" },
      { credit_limit: "-5" },
      { country: "USA" },
      { currency: "US" },
      { customer_name: "x".repeat(201) },
      { customer_id: "A\nB" },
      { customer_name: "Bell\u0007" },
    ];
    const { report } = await uploadRefused(runtime, member, "customers", csvWith("customers", rows));
    expect(issueTriples(report.issues)).toEqual([
      [2, "email", "Must be an email address"],
      [3, "credit_limit", "Must be an amount like 1234.56 (not negative, at most two decimals)"],
      [4, "credit_limit", "Must be an amount like 1234.56 (not negative, at most two decimals)"],
      [5, "country", "Must be a two-letter country code such as US"],
      [6, "currency", "Must be a three-letter currency code such as USD"],
      [7, "customer_name", "At most 200 characters"],
      // The quoted cell spans two lines: the next rows start a line later.
      [8, "customer_id", "Must be on one line"],
      [10, "customer_name", "Contains control characters"],
    ]);
    expect(report.issues.map((issue) => issue.value)).toEqual(["not-an-email", "12.345", "-5", "USA", "US", "x".repeat(100), "A\nB", "Bell\u0007"]);
  });

  it("checks dates, choices and booleans", async () => {
    const { member } = await buildMigrationMember(runtime);
    const accounts = csvWith("chart-of-accounts", [{ account_type: "Revenue" }, { is_active: "maybe" }, { account_type: " EXPENSE ", is_active: "N" }]);
    const refused = await uploadRefused(runtime, member, "chart-of-accounts", accounts);
    expect(issueTriples(refused.report.issues)).toEqual([
      [2, "account_type", "Must be one of: Asset, Liability, Equity, Income, Expense"],
      [3, "is_active", "Must be true or false (yes/no, 1/0 also work)"],
    ]);

    await uploadOk(runtime, member, "customers", validCsv("customers", 5));
    const invoices = csvWith("open-receivables", [{ invoice_date: "2026-02-30" }, { due_date: "31/10/2026" }, { invoice_date: "1899-12-31", due_date: "1900-01-01" }]);
    const dates = await uploadRefused(runtime, member, "open-receivables", invoices, { fileName: "invoices.csv" });
    expect(issueTriples(dates.report.issues)).toEqual([
      [2, "invoice_date", "Must be a date written YYYY-MM-DD"],
      [3, "due_date", "Must be a date written YYYY-MM-DD"],
      [4, "invoice_date", "Must be a date written YYYY-MM-DD"],
    ]);
  });

  it("stages clean values: empty optional cells as null, amounts in cents, choices and codes normalised", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = buildCsv([
      ["account_number", "account_name", "account_type", "description", "is_active"],
      [" 4000 ", "  Product sales ", "income", "", "YES"],
      ["5000", "Cost of goods", "Expense", "   ", ""],
    ]);
    const result = await uploadOk(runtime, member, "chart-of-accounts", csv);
    expect(result.report).toMatchObject({ outcome: "staged", total_rows: 2, valid_rows: 2, error_rows: 0, issue_count: 0, issues: [] });
    const staged = await stagedRowsOf(runtime, member, "chart-of-accounts");
    expect(staged.rows).toEqual([
      { line: 2, values: { account_number: "4000", account_name: "Product sales", account_type: "Income", description: null, is_active: true } },
      { line: 3, values: { account_number: "5000", account_name: "Cost of goods", account_type: "Expense", description: null, is_active: null } },
    ]);

    await uploadOk(runtime, member, "customers", csvWith("customers", [{ credit_limit: "$1,234.5", email: " Ana@Example.test " }]));
    const [customer] = (await stagedRowsOf(runtime, member, "customers")).rows;
    expect(customer?.values).toMatchObject({ credit_limit: 123450, email: "Ana@Example.test", country: "US", currency: "USD" });
  });

  it("stages a file whose optional columns are left out, with null in them", async () => {
    const { member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "vendors", buildCsv([["vendor_name", "vendor_id"], ["Contoso", "V-1"]]));
    const [row] = (await stagedRowsOf(runtime, member, "vendors")).rows;
    expect(row?.values).toEqual({ ...Object.fromEntries(columnsOf("vendors").map((column) => [column, null])), vendor_id: "V-1", vendor_name: "Contoso" });
  });
});

describe("duplicate keys", () => {
  it("compares keys regardless of case and spaces, naming the first line", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = csvWith("customers", [{ customer_id: "CUST-1" }, { customer_id: "CUST-2" }, { customer_id: " cust-1" }, { customer_id: "Cust-2" }, { customer_id: "cust-1" }]);
    const { report } = await uploadRefused(runtime, member, "customers", csv);
    expect(report.issues).toEqual([
      { line: 4, column: "customer_id", message: "Duplicate Customer ID cust-1 (first on line 2)", value: " cust-1" },
      { line: 5, column: "customer_id", message: "Duplicate Customer ID Cust-2 (first on line 3)", value: "Cust-2" },
      { line: 6, column: "customer_id", message: "Duplicate Customer ID cust-1 (first on line 2)", value: "cust-1" },
    ]);
    expect(report).toMatchObject({ total_rows: 5, error_rows: 3, valid_rows: 2 });
  });

  it("counts a row with other problems as the key's first line", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = csvWith("vendors", [{ vendor_id: "V-1", email: "bad" }, { vendor_id: "v-1" }]);
    const { report } = await uploadRefused(runtime, member, "vendors", csv);
    expect(issueTriples(report.issues)).toEqual([
      [2, "email", "Must be an email address"],
      [3, "vendor_id", "Duplicate Vendor ID v-1 (first on line 2)"],
    ]);
  });
});

describe("row rules", () => {
  it("checks the due date against the document date and the balance against the amount", async () => {
    const { member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "vendors", validCsv("vendors", 5));
    const csv = csvWith("open-payables", [
      { bill_date: "2026-10-03", due_date: "2026-10-02" },
      { amount: "100.00", balance: "100.01" },
      { bill_date: "2026-10-03", due_date: "2026-10-03", amount: "100", balance: "100.00" },
      { amount: "-250.00", balance: "-100.00" },
      { amount: "-250.00", balance: "100.00" },
      { amount: "-250.00", balance: "-250.01" },
    ]);
    const { report } = await uploadRefused(runtime, member, "open-payables", csv);
    expect(report.issues).toEqual([
      { line: 2, column: "due_date", message: "Due date is before the bill date", value: "2026-10-02" },
      { line: 3, column: "balance", message: "Open balance is larger than the amount", value: "100.01" },
      { line: 6, column: "balance", message: "Open balance must have the same sign as the amount", value: "100.00" },
      { line: 7, column: "balance", message: "Open balance is larger than the amount", value: "-250.01" },
    ]);
  });

  it("stages credit memos with negative amounts as negative cents", async () => {
    const { member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "customers", validCsv("customers", 5));
    await uploadOk(runtime, member, "open-receivables", csvWith("open-receivables", [{ amount: "-1,250.00", balance: "-$750.5" }, {}]));
    const staged = await stagedRowsOf(runtime, member, "open-receivables");
    expect(staged.rows.map((row) => [row.values.amount, row.values.balance])).toEqual([
      [-125_000, -75_050],
      [125_000, 75_000],
    ]);
  });

  it("does not run a rule when a cell it reads failed its own check", async () => {
    const { member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "customers", validCsv("customers", 5));
    const csv = csvWith("open-receivables", [
      { invoice_date: "someday", due_date: "2026-01-01" },
      { amount: "", balance: "5.00" },
      { amount: "ten", balance: "5.00", due_date: "2020-01-01" },
    ]);
    const { report } = await uploadRefused(runtime, member, "open-receivables", csv);
    expect(issueTriples(report.issues)).toEqual([
      [2, "invoice_date", "Must be a date written YYYY-MM-DD"],
      [3, "amount", "Required"],
      [4, "amount", "Must be an amount like 1234.56 or -1234.56 (at most two decimals)"],
      [4, "due_date", "Due date is before the invoice date"],
    ]);
    expect(report).toMatchObject({ error_rows: 3, issue_count: 4 });
  });
});
