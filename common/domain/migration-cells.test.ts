import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  amountCell,
  booleanCell,
  choiceCell,
  codeCell,
  countryCell,
  currencyCell,
  dateCell,
  emailCell,
  formatStagedCell,
  signedAmountCell,
  textCell,
} from "./migration-cells.ts";

/** What a cell schema makes of a text: its clean value, or its first issue's message. */
function read(schema: z.ZodType, text: string): { value: unknown } | { issue: string | undefined } {
  const parsed = schema.safeParse(text);
  return parsed.success ? { value: parsed.data } : { issue: parsed.error.issues[0]?.message };
}

describe("textCell", () => {
  it.each([
    ["  Northwind ", { value: "Northwind" }],
    ["Two\nlines", { value: "Two\nlines" }],
    ["Tab\tinside", { value: "Tab\tinside" }],
    ["x".repeat(10), { value: "x".repeat(10) }],
    ["x".repeat(11), { issue: "At most 10 characters" }],
    ["   ", { issue: "Required" }],
    ["Bell\u0007", { issue: "Contains control characters" }],
    ["NUL\u0000", { issue: "Contains control characters" }],
    ["Delete\u007f", { issue: "Contains control characters" }],
  ])("%j", (text, expected) => {
    expect(read(textCell(10), text)).toEqual(expected);
  });
});

describe("codeCell", () => {
  it.each([
    [" CUST-0001 ", { value: "CUST-0001" }],
    ["A B", { value: "A B" }],
    ["A\nB", { issue: "Must be on one line" }],
    ["A\tB", { issue: "Must be on one line" }],
    ["x".repeat(31), { issue: "At most 30 characters" }],
  ])("%j", (text, expected) => {
    expect(read(codeCell(), text)).toEqual(expected);
  });
});

describe("emailCell", () => {
  it.each([
    [" ap@northwind.example ", { value: "ap@northwind.example" }],
    ["Ana.Lima@Example.test", { value: "Ana.Lima@Example.test" }],
    ["not-an-email", { issue: "Must be an email address" }],
    ["a@b", { issue: "Must be an email address" }],
    [`${"a".repeat(250)}@b.co`, { issue: "At most 254 characters" }],
  ])("%j", (text, expected) => {
    expect(read(emailCell(), text)).toEqual(expected);
  });
});

describe("choiceCell", () => {
  const cell = choiceCell(["Stock", "Non-Stock", "Service"] as const);
  it.each([
    ["stock", { value: "Stock" }],
    [" NON-STOCK ", { value: "Non-Stock" }],
    ["Services", { issue: "Must be one of: Stock, Non-Stock, Service" }],
  ])("%j", (text, expected) => {
    expect(read(cell, text)).toEqual(expected);
  });
});

describe("amountCell", () => {
  it.each([
    ["1234.56", { value: 123_456 }],
    ["$1,234.5", { value: 123_450 }],
    [" 0 ", { value: 0 }],
    ["99999999.99", { value: 9_999_999_999 }],
    ["100000000", { issue: "Must be an amount like 1234.56 (not negative, at most two decimals)" }],
    ["-5", { issue: "Must be an amount like 1234.56 (not negative, at most two decimals)" }],
    ["1.234", { issue: "Must be an amount like 1234.56 (not negative, at most two decimals)" }],
    ["12,34", { issue: "Must be an amount like 1234.56 (not negative, at most two decimals)" }],
    ["ten", { issue: "Must be an amount like 1234.56 (not negative, at most two decimals)" }],
  ])("%j", (text, expected) => {
    expect(read(amountCell(), text)).toEqual(expected);
  });
});

describe("signedAmountCell", () => {
  const refused = { issue: "Must be an amount like 1234.56 or -1234.56 (at most two decimals)" };
  it.each([
    ["1234.56", { value: 123_456 }],
    ["-1234.56", { value: -123_456 }],
    [" -$1,234.5 ", { value: -123_450 }],
    ["-0", { value: 0 }],
    ["-99999999.99", { value: -9_999_999_999 }],
    ["-100000000", refused],
    ["--5", refused],
    ["- 5", refused],
    ["-", refused],
    ["5-", refused],
    ["-1.234", refused],
    ["(12.50)", refused],
  ])("%j", (text, expected) => {
    expect(read(signedAmountCell(), text)).toEqual(expected);
  });
});

describe("formatStagedCell", () => {
  it("writes staged values back as cells their schemas read the same", () => {
    expect([123_450, -1_200, 0, 5, true, false, null, "Northwind"].map(formatStagedCell)).toEqual(["1234.50", "-12.00", "0.00", "0.05", "true", "false", "", "Northwind"]);
    for (const cents of [123_450, -1_200, 0, 9_999_999_999, -9_999_999_999]) expect(read(signedAmountCell(), formatStagedCell(cents))).toEqual({ value: cents });
    for (const flag of [true, false]) expect(read(booleanCell(), formatStagedCell(flag))).toEqual({ value: flag });
  });
});

describe("dateCell", () => {
  it.each([
    ["2026-10-01", { value: "2026-10-01" }],
    [" 2024-02-29 ", { value: "2024-02-29" }],
    ["2026-02-29", { issue: "Must be a date written YYYY-MM-DD" }],
    ["2026-13-01", { issue: "Must be a date written YYYY-MM-DD" }],
    ["1899-12-31", { issue: "Must be a date written YYYY-MM-DD" }],
    ["10/01/2026", { issue: "Must be a date written YYYY-MM-DD" }],
    ["2026-1-1", { issue: "Must be a date written YYYY-MM-DD" }],
  ])("%j", (text, expected) => {
    expect(read(dateCell(), text)).toEqual(expected);
  });
});

describe("booleanCell", () => {
  it.each([
    ["true", { value: true }],
    [" YES ", { value: true }],
    ["y", { value: true }],
    ["1", { value: true }],
    ["False", { value: false }],
    ["no", { value: false }],
    ["N", { value: false }],
    ["0", { value: false }],
    ["maybe", { issue: "Must be true or false (yes/no, 1/0 also work)" }],
  ])("%j", (text, expected) => {
    expect(read(booleanCell(), text)).toEqual(expected);
  });
});

describe("currencyCell and countryCell", () => {
  it.each([
    [currencyCell(), "usd", { value: "USD" }],
    [currencyCell(), " Eur ", { value: "EUR" }],
    [currencyCell(), "US$", { issue: "Must be a three-letter currency code such as USD" }],
    [currencyCell(), "DOLLAR", { issue: "Must be a three-letter currency code such as USD" }],
    [countryCell(), "us", { value: "US" }],
    [countryCell(), "USA", { issue: "Must be a two-letter country code such as US" }],
    [countryCell(), "U1", { issue: "Must be a two-letter country code such as US" }],
  ])("%#", (schema, text, expected) => {
    expect(read(schema, text)).toEqual(expected);
  });
});
