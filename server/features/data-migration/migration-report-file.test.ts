import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_MAX_REPORTED_ISSUES, MIGRATION_MAX_ROWS } from "#common/domain/migration-entities";
import type { Runtime } from "#server/runtime";
import { buildCsv, buildMigrationMember, columnsOf, csvWith, issueTriples, stagedRowsOf, uploadOk, uploadRefused, validCsv } from "#tests/migration-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * The validation report for the file as a whole: its header, its shape (value counts, quotes, line
 * endings, byte order mark, empty lines), its encoding and its size, with real line numbers.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe("header", () => {
  it("takes the columns in any order and any case, names trimmed", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = buildCsv([[" Vendor_Name ", "VENDOR_ID", "Email"], ["Contoso", "V-1", "ap@contoso.example"]]);
    const result = await uploadOk(runtime, member, "vendors", csv);
    expect(result.dataset).toMatchObject({ entity: "vendors", status: "staged", row_count: 1 });
    expect((await stagedRowsOf(runtime, member, "vendors")).rows[0]?.values).toMatchObject({ vendor_id: "V-1", vendor_name: "Contoso", email: "ap@contoso.example" });
  });

  it("refuses unknown, duplicated and missing required columns on line 1, reading no row", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = buildCsv([["customer_id", "Nickname", "email", "EMAIL"], ["C-1", "Bob", "a@b.example", "c@d.example"]]);
    const { message, report } = await uploadRefused(runtime, member, "customers", csv);
    expect(message).toBe("Unknown column Nickname. Nothing was staged.");
    expect(report.issues).toEqual([
      { line: 1, column: "Nickname", message: "Unknown column Nickname", value: null },
      { line: 1, column: "email", message: "Column email appears more than once", value: null },
      { line: 1, column: "customer_name", message: "Missing required column customer_name", value: null },
    ]);
    expect(report).toMatchObject({ outcome: "refused", total_rows: 0, valid_rows: 0, error_rows: 0, issue_count: 3 });
  });

  it("names the separator when the file uses semicolons or tabs", async () => {
    const { member } = await buildMigrationMember(runtime);
    const semicolons = await uploadRefused(runtime, member, "vendors", "vendor_id;vendor_name\r\nV-1;Contoso\r\n");
    expect(semicolons.message).toBe("The columns must be separated by commas; this file seems to use semicolons. Nothing was staged.");
    const tabs = await uploadRefused(runtime, member, "vendors", "vendor_id\tvendor_name\nV-1\tContoso\n");
    expect(tabs.report.issues).toEqual([{ line: 1, column: null, message: "The columns must be separated by commas; this file seems to use tabs", value: null }]);
  });

  it("ignores an unnamed column left empty, and reports a value under one", async () => {
    const { member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "vendors", "vendor_id,vendor_name,,\r\nV-1,Contoso,,\r\n");
    const { report } = await uploadRefused(runtime, member, "vendors", "vendor_id,,vendor_name\r\nV-1,,Contoso\r\nV-2,oops,Fabrikam\r\n");
    expect(report.issues).toEqual([{ line: 3, column: null, message: "Column 2 has a value but no name in the header", value: "oops" }]);
  });
});

describe("shape", () => {
  it("reports rows with too few values, or too many non-empty ones, and accepts padding", async () => {
    const { member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "vendors", "vendor_id,vendor_name\r\nV-1,Contoso,,\r\nV-2,Fabrikam\r\n");
    const { report } = await uploadRefused(runtime, member, "vendors", "vendor_id,vendor_name\r\nV-1\r\nV-2,Fabrikam,extra\r\nV-3,Litware,\r\n");
    expect(issueTriples(report.issues)).toEqual([
      [2, null, "This row has 1 value; the header has 2 columns"],
      [3, null, "This row has 3 values; the header has 2 columns"],
    ]);
    expect(report).toMatchObject({ total_rows: 3, error_rows: 2, valid_rows: 1 });
  });

  it("reports an unclosed quote at the line its row starts, after the issues before it", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = 'vendor_id,vendor_name\r\nV-1,\r\nV-2,"Contoso\r\nV-3,Fabrikam\r\n';
    const { message, report } = await uploadRefused(runtime, member, "vendors", csv);
    expect(message).toBe("A quoted value in the row starting on line 3 is never closed. Nothing was staged.");
    expect(report.issues).toEqual([
      { line: 2, column: "vendor_name", message: "Required", value: null },
      { line: 3, column: null, message: "A quoted value in the row starting on line 3 is never closed", value: null },
    ]);
    expect(report).toMatchObject({ total_rows: 1, error_rows: 1, issue_count: 2 });
  });

  it("reports stray quotes with their line", async () => {
    const { member } = await buildMigrationMember(runtime);
    const inside = await uploadRefused(runtime, member, "vendors", 'vendor_id,vendor_name\nV-1,Contoso\nV-2,5" pipes\n');
    expect(inside.report.issues).toEqual([
      { line: 3, column: null, message: 'Line 3 has a quote inside a value; put the value in double quotes and double the quote ("")', value: null },
    ]);
    const after = await uploadRefused(runtime, member, "vendors", 'vendor_id,vendor_name\n"V-1"x,Contoso\n');
    expect(issueTriples(after.report.issues)).toEqual([[2, null, 'Line 2 has text after a closing quote; double the quotes inside a quoted value ("")']]);
  });

  it("reads a byte order mark, CRLF, LF and CR line endings alike", async () => {
    const { member } = await buildMigrationMember(runtime);
    for (const [text, name] of [
      ["\ufeffvendor_id,vendor_name\r\nV-1,Contoso\r\nV-2,Fabrikam", "bom-crlf.csv"],
      ["vendor_id,vendor_name\nV-1,Contoso\nV-2,Fabrikam\n", "lf.csv"],
      ["vendor_id,vendor_name\rV-1,Contoso\rV-2,Fabrikam\r", "cr.csv"],
    ] as const) {
      const result = await uploadOk(runtime, member, "vendors", text, { fileName: name });
      expect(result.report).toMatchObject({ file_name: name, total_rows: 2, valid_rows: 2 });
      expect((await stagedRowsOf(runtime, member, "vendors")).rows.map((row) => [row.line, row.values.vendor_id])).toEqual([
        [2, "V-1"],
        [3, "V-2"],
      ]);
    }
  });

  it("keeps real line numbers across quoted cells spanning lines, empty lines and rows of empty cells", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = [
      "\ufeffaccount_number,account_name,account_type,description",
      '4000,Sales,Income,"Line one\r\nline two\r\nline three"',
      "",
      ",,,",
      '5000,"Cost\nof goods",Expense,',
      "6000,Rent,Spending,",
    ].join("\r\n");
    const { report } = await uploadRefused(runtime, member, "chart-of-accounts", csv);
    expect(issueTriples(report.issues)).toEqual([[9, "account_type", "Must be one of: Asset, Liability, Equity, Income, Expense"]]);
    expect(report.total_rows).toBe(3);

    await uploadOk(runtime, member, "chart-of-accounts", csv.replace("Spending", "Expense"));
    const staged = await stagedRowsOf(runtime, member, "chart-of-accounts");
    expect(staged.rows.map((row) => [row.line, row.values.account_number, row.values.description ?? row.values.account_name])).toEqual([
      [2, "4000", "Line one\r\nline two\r\nline three"],
      [7, "5000", "Cost\nof goods"],
      [9, "6000", "Rent"],
    ]);
  });

  it("refuses an empty file, a header without rows and blank lines only", async () => {
    const { member } = await buildMigrationMember(runtime);
    expect((await uploadRefused(runtime, member, "customers", "")).message).toBe("The file is empty. Nothing was staged.");
    expect((await uploadRefused(runtime, member, "customers", "\r\n\r\n,,\r\n")).message).toBe("The file is empty. Nothing was staged.");
    const headerOnly = await uploadRefused(runtime, member, "customers", `${columnsOf("customers").join(",")}\r\n\r\n , \r\n`);
    expect(headerOnly.message).toBe("The file has no rows. Nothing was staged.");
    expect(headerOnly.report).toMatchObject({ total_rows: 0, issue_count: 1, issues: [{ line: null, column: null, message: "The file has no rows", value: null }] });
  });
});

describe("encoding", () => {
  it("reports text that is not UTF-8, and stores NUL and long values safely in the report", async () => {
    const { member } = await buildMigrationMember(runtime);
    const latin1 = Buffer.concat([Buffer.from("vendor_id,vendor_name\r\nV-1,Caf"), Buffer.from([0xe9]), Buffer.from("\r\n")]);
    const { report } = await uploadRefused(runtime, member, "vendors", latin1);
    expect(issueTriples(report.issues)).toEqual([[2, "vendor_name", "Contains characters that are not UTF-8; save the file as CSV UTF-8"]]);

    const long = `${"é".repeat(99)}😀tail`;
    const nul = await uploadRefused(runtime, member, "vendors", `vendor_id,vendor_name\r\nV-1,a\u0000b\r\nV-2,"${long}${"x".repeat(200)}"\r\n`);
    expect(nul.report.issues).toEqual([
      { line: 2, column: "vendor_name", message: "Contains control characters", value: "a\ufffdb" },
      // Cut at 100 UTF-16 units, never between the halves of a pair.
      { line: 3, column: "vendor_name", message: "At most 200 characters", value: "é".repeat(99) },
    ]);
  });
});

describe("limits", () => {
  it("lists the first issues only, counting them all", async () => {
    const { member } = await buildMigrationMember(runtime);
    const rows = 1_200;
    const csv = `vendor_id,vendor_name\r\n${Array.from({ length: rows }, (_, index) => `V-${index},\r\n`).join("")}V-x,"open`;
    const { report } = await uploadRefused(runtime, member, "vendors", csv);
    expect(report).toMatchObject({ total_rows: rows, valid_rows: 0, error_rows: rows, issue_count: rows + 1 });
    // The problem that stopped the reading is listed past the cap.
    expect(report.issues).toHaveLength(MIGRATION_MAX_REPORTED_ISSUES + 1);
    expect(report.issues[0]).toEqual({ line: 2, column: "vendor_name", message: "Required", value: null });
    expect(report.issues[MIGRATION_MAX_REPORTED_ISSUES - 1]?.line).toBe(MIGRATION_MAX_REPORTED_ISSUES + 1);
    expect(report.issues.at(-1)).toEqual({ line: rows + 2, column: null, message: `A quoted value in the row starting on line ${rows + 2} is never closed`, value: null });
  });

  it(`refuses a file of more than ${MIGRATION_MAX_ROWS} rows`, async () => {
    const { member } = await buildMigrationMember(runtime);
    const body = `account_number,account_name,account_type\n${Array.from({ length: MIGRATION_MAX_ROWS + 1 }, (_, index) => `${index},A,Income\n`).join("")}`;
    const { message, report } = await uploadRefused(runtime, member, "chart-of-accounts", body);
    expect(message).toBe("The file has more than 100,000 rows, the most one upload takes. Nothing was staged.");
    expect(report).toMatchObject({ total_rows: MIGRATION_MAX_ROWS, error_rows: 0, issue_count: 1 });
    expect((await stagedRowsOf(runtime, member, "chart-of-accounts")).total).toBe(0);
  });

  it("stages a file of the generator's valid rows", async () => {
    const { member } = await buildMigrationMember(runtime);
    const result = await uploadOk(runtime, member, "customers", validCsv("customers", 1_234));
    expect(result.report).toMatchObject({ total_rows: 1_234, valid_rows: 1_234, issue_count: 0 });
    expect(result.dataset.row_count).toBe(1_234);
    expect(csvWith("customers", [{}])).toBe(validCsv("customers", 1));
  });
});
