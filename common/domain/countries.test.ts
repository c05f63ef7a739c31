import { describe, expect, it } from "vitest";
import { COUNTRIES, countryName, isCountryCode } from "./countries.ts";

describe("countries", () => {
  it("lists the 249 ISO 3166-1 alpha-2 codes once each, with a name, by name", () => {
    const codes = COUNTRIES.map((country) => country.code);
    expect(codes).toHaveLength(249);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(codes).toEqual(expect.arrayContaining(["US", "DE", "GB", "AU", "JP", "AX", "SS", "BQ"]));
  });

  it("answers for codes as written, upper case, and leaves out user-assigned ones", () => {
    expect(isCountryCode("DE")).toBe(true);
    expect(isCountryCode("de")).toBe(false);
    for (const code of ["XK", "ZZ", "UK", "EU", "toString"]) expect(isCountryCode(code), code).toBe(false);
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("ZZ")).toBe("ZZ");
  });
});
