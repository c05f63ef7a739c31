import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { formatCsvRows, restoreCsvCell } from "./csv-format.ts";

const cellOf = (value: string) => formatCsvRows([[value]]).replace(/\r\n$/, "");

describe("formatCsvRows: formulas", () => {
  it.each([
    ["=", '=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ["+", "+1 555 0100", "'+1 555 0100"],
    ["-", "-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@", "@SUM(1+1)", "'@SUM(1+1)"],
    ["tab", "\t=1+1", "'\t=1+1"],
    ["carriage return", "\r=1+1", `"'\r=1+1"`],
    ["full-width =", "\uff1d1+1", "'\uff1d1+1"],
    ["full-width +", "\uff0b1", "'\uff0b1"],
    ["full-width -", "\uff0d1", "'\uff0d1"],
    ["full-width @", "\uff20SUM(A1)", "'\uff20SUM(A1)"],
  ])("prefixes a quote to a cell starting with %s", (_name, value, written) => {
    expect(cellOf(value)).toBe(written);
  });

  it("prefixes another quote to a cell that already starts with quotes before a trigger, so the import can tell them apart", () => {
    expect(cellOf("'=1+1")).toBe("''=1+1");
    expect(cellOf("''-5 off")).toBe("'''-5 off");
  });

  it("leaves plain numbers as they are, negative ones too: a number cannot hold a formula", () => {
    expect(formatCsvRows([["-12.50", "-0.01", "-7", "0", "1234.50"]])).toBe("-12.50,-0.01,-7,0,1234.50\r\n");
  });

  it("leaves ordinary values untouched", () => {
    const values = ["Northwind Traders", "a-b", "x=y", "mail@example.test", "O'Brien", "'quoted", "", " =spaced", "Café 東京"];
    expect(formatCsvRows([values])).toBe(`${values.join(",")}\r\n`);
  });
});

describe("formatCsvRows: RFC 4180", () => {
  it("quotes cells holding commas, quotes or line breaks, doubling the quotes inside", () => {
    expect(formatCsvRows([["Sales, retail", 'Widget 10" blue', "two\nlines", "two\r\nlines", "plain"]])).toBe(
      `"Sales, retail","Widget 10"" blue","two\nlines","two\r\nlines",plain\r\n`,
    );
  });

  it("ends every row with CRLF, or with the line ending asked for", () => {
    expect(formatCsvRows([["a", "b"], ["c", ""]])).toBe("a,b\r\nc,\r\n");
    expect(formatCsvRows([["a", "b"], ["c", ""]], "\n")).toBe("a,b\nc,\n");
    expect(formatCsvRows([])).toBe("");
  });
});

describe("restoreCsvCell", () => {
  it("takes one quote off a cell of quotes before a trigger, and leaves every other cell as it is", () => {
    expect(restoreCsvCell("'=1+1")).toBe("=1+1");
    expect(restoreCsvCell("''=1+1")).toBe("'=1+1");
    expect(restoreCsvCell("'\t=1")).toBe("\t=1");
    expect(restoreCsvCell("'\uff1d1")).toBe("\uff1d1");
    for (const cell of ["O'Brien", "'quoted", "'", "''", "-12.50", "=1+1", "", " '=1"]) expect(restoreCsvCell(cell)).toBe(cell);
  });

  it("reads back exactly what the writer wrote, whatever the value", () => {
    const values = ['=HYPERLINK("http://evil.example","x")', "+1 555 0100", "-12.50", "-5 off", "@home", "\t=1", "\r\n=1", "'=1", "''+2", "'", "O'Brien", "a,b", 'say "hi"', ""];
    const [read] = parse(formatCsvRows([values]), { relax_column_count: true }) as string[][];
    expect(read?.map(restoreCsvCell)).toEqual(values);
  });
});
