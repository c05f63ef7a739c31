import { describe, expect, it } from "vitest";
import {
  checkContainerNumber,
  checkLocode,
  containerCheckDigit,
  isArrivalOnOrAfterDeparture,
  normalizeContainerNumber,
  normalizeLocode,
} from "./shipping-codes.ts";

describe("ISO 6346 container numbers", () => {
  it.each(["CSQU3054383", "MSKU9070323", "MAEU1234567", "MSCU1234566"])("accepts %s, whose check digit matches", (number) => {
    expect(checkContainerNumber(number)).toBeNull();
  });

  it("computes the check digit from letter values that skip multiples of 11", () => {
    // C=13 S=30 Q=28 U=32, weighted by 2^position: 6185 mod 11 = 3.
    expect(containerCheckDigit("CSQU305438")).toBe(3);
    // A remainder of 10 is written 0.
    expect(containerCheckDigit("TCLU310235")).toBe(0);
  });

  it("refuses a wrong check digit, saying which digit fits", () => {
    expect(checkContainerNumber("CSQU3054384")).toBe("The check digit does not match: CSQU305438 ends in 3");
    expect(checkContainerNumber("TCLU3102354")).toBe("The check digit does not match: TCLU310235 ends in 0");
  });

  it.each(["CSQ3054383", "CSQX3054383", "CSQU305438", "CSQU30543831", "1SQU3054383", ""])("refuses %j, which is not shaped like one", (text) => {
    expect(checkContainerNumber(text)).toMatch(/^Must be a container number/);
  });

  it("reads numbers written with spaces, hyphens or in lower case", () => {
    expect(normalizeContainerNumber(" csqu 305438-3 ")).toBe("CSQU3054383");
    expect(checkContainerNumber("csqu 305438-3")).toBeNull();
  });
});

describe("UN/LOCODE", () => {
  it.each(["USNYC", "CNSHA", "DEHAM", "NLRTM", "GB2LO", "us nyc"])("accepts %j", (code) => {
    expect(checkLocode(code)).toBeNull();
  });

  it.each(["USNY", "USNYCX", "U1NYC", "USNY1", "US-NY0", ""])("refuses %j", (code) => {
    expect(checkLocode(code)).toMatch(/^Must be a UN\/LOCODE/);
  });

  it("normalises spaces and case", () => {
    expect(normalizeLocode(" de ham")).toBe("DEHAM");
  });
});

describe("isArrivalOnOrAfterDeparture", () => {
  it("allows the same day and later, not earlier", () => {
    expect(isArrivalOnOrAfterDeparture("2026-03-01", "2026-03-01")).toBe(true);
    expect(isArrivalOnOrAfterDeparture("2026-03-01", "2026-04-15")).toBe(true);
    expect(isArrivalOnOrAfterDeparture("2026-03-01", "2026-02-28")).toBe(false);
  });
});
