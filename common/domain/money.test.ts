import { describe, expect, it } from "vitest";
import {
  MAX_AMOUNT_CENTS,
  centsToDecimal,
  decimalToCents,
  formatAmount,
  formatMonthlyPrice,
  formatWholeDollars,
  parseAmountToCents,
  roundToWholeDollars,
} from "./money.ts";

describe("parseAmountToCents", () => {
  it.each([
    ["1234", 123_400],
    ["1234.5", 123_450],
    ["1234.50", 123_450],
    ["1,234.5", 123_450],
    ["1,234.50", 123_450],
    ["$1,234.50", 123_450],
    ["1,000", 100_000],
    ["1,234,567.89", 123_456_789],
    ["0", 0],
    ["0.5", 50],
    ["0.05", 5],
    ["  12.00  ", 1_200],
    ["99999999.99", MAX_AMOUNT_CENTS],
    ["99,999,999.99", MAX_AMOUNT_CENTS],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseAmountToCents(text)).toBe(cents);
  });

  it.each([
    ["", "empty"],
    ["abc", "not a number"],
    ["-1", "negative"],
    ["-0.50", "negative"],
    ["$-1.00", "negative after the sign"],
    ["1.005", "more than two decimals"],
    ["0.001", "more than two decimals"],
    ["12,34", "a misplaced separator"],
    ["1,2345.00", "a misplaced separator"],
    [",123", "a leading separator"],
    ["1 234", "a space inside"],
    [".5", "no whole part"],
    ["1.", "no decimals after the point"],
    ["1e3", "an exponent"],
    ["$", "the sign alone"],
    ["100000000", "nine whole digits"],
    ["100,000,000.00", "above the largest amount"],
    ["NaN", "not a number"],
  ])("refuses %j (%s)", (text) => {
    expect(parseAmountToCents(text)).toBeNull();
  });

  it("never goes through a float: each cent survives", () => {
    expect(parseAmountToCents("0.29")).toBe(29);
    expect(parseAmountToCents("1.15")).toBe(115);
    expect(parseAmountToCents("4.35")).toBe(435);
    expect(parseAmountToCents("10000000.07")).toBe(1_000_000_007);
  });
});

describe("centsToDecimal", () => {
  it.each([
    [123_450, "1234.50"],
    [0, "0.00"],
    [5, "0.05"],
    [100, "1.00"],
    [-5, "-0.05"],
    [-123_450, "-1234.50"],
    [MAX_AMOUNT_CENTS, "99999999.99"],
  ])("writes %i cents as %j", (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it("drops a fraction of a cent instead of writing it", () => {
    expect(centsToDecimal(1.9)).toBe("0.01");
  });
});

describe("decimalToCents", () => {
  it.each([
    ["1234.5", 123_450],
    ["1234.50", 123_450],
    ["1234", 123_400],
    [" 7.10 ", 710],
    ["0.00", 0],
    ["-0.05", -5],
    ["12.500", 1_250],
    [1234.5, 123_450],
    [0, 0],
  ] as const)("reads the database's %j as %i cents", (value, cents) => {
    expect(decimalToCents(value)).toBe(cents);
  });

  it.each(["12.501", "abc", "", "1,234.00", "$1.00", "1e3"])("throws on %j", (value) => {
    expect(() => decimalToCents(value)).toThrow();
  });

  it("round-trips with centsToDecimal", () => {
    for (const cents of [0, 1, 99, 100, 12_345, -42, MAX_AMOUNT_CENTS]) expect(decimalToCents(centsToDecimal(cents))).toBe(cents);
  });
});

describe("rounding to whole dollars (spec §9, half up)", () => {
  it.each([
    [1_234_550, 12_346],
    [1_234_549, 12_345],
    [1_234_500, 12_345],
    [50, 1],
    [49, 0],
    [0, 0],
    [150, 2],
    [250, 3],
  ])("%i cents → %i dollars", (cents, dollars) => {
    expect(roundToWholeDollars(cents)).toBe(dollars);
  });
});

describe("formatting", () => {
  it("formatWholeDollars: rounded half up, thousands separators", () => {
    expect(formatWholeDollars(1_234_550)).toBe("$12,346");
    expect(formatWholeDollars(99)).toBe("$1");
    expect(formatWholeDollars(0)).toBe("$0");
    expect(formatWholeDollars(10_000_000_000)).toBe("$100,000,000");
  });

  it("formatMonthlyPrice: the header's price button", () => {
    expect(formatMonthlyPrice(1_234_550)).toBe("$12,346/mo");
    expect(formatMonthlyPrice(1_234_549)).toBe("$12,345/mo");
    expect(formatMonthlyPrice(125_000)).toBe("$1,250/mo");
  });

  it("formatAmount: dollars and cents", () => {
    expect(formatAmount(123_450)).toBe("$1,234.50");
    expect(formatAmount(5)).toBe("$0.05");
    expect(formatAmount(0)).toBe("$0.00");
    expect(formatAmount(MAX_AMOUNT_CENTS)).toBe("$99,999,999.99");
  });
});
