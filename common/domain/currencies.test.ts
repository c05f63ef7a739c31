import { describe, expect, it } from "vitest";
import { CURRENCIES, currencyLabel, isCurrencyCode } from "./currencies.ts";

describe("currencies", () => {
  it("lists each circulating ISO 4217 currency once, by code, with a name", () => {
    const codes = CURRENCIES.map((currency) => currency.code);
    expect(codes.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    expect(CURRENCIES.every((currency) => currency.name.trim().length > 1)).toBe(true);
    expect(codes).toEqual(expect.arrayContaining(["USD", "EUR", "GBP", "JPY", "CAD", "CHF", "CNY", "INR", "XCG", "ZWG", "SLE", "VES"]));
  });

  it("leaves out withdrawn codes and what no ledger is kept in", () => {
    for (const code of ["HRK", "BGN", "CUC", "ANG", "ZWL", "DEM", "XAU", "XDR", "XTS", "XXX", "CHE", "USN"]) expect(isCurrencyCode(code), code).toBe(false);
  });

  it("answers for codes as written, upper case", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("eur")).toBe(false);
    expect(isCurrencyCode("DOL")).toBe(false);
    expect(isCurrencyCode("toString")).toBe(false);
  });

  it("labels a currency with its code and name", () => {
    expect(currencyLabel({ code: "EUR", name: "Euro" })).toBe("EUR — Euro");
  });
});
