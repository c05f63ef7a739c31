import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range.ts";

describe("parseByteRange", () => {
  it("reads a first-last range, clamping the end to the object", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=999-999", 1000)).toEqual({ start: 999, end: 999 });
  });

  it("reads an open range and a suffix", () => {
    expect(parseByteRange("bytes=100-", 1000)).toEqual({ start: 100, end: 999 });
    expect(parseByteRange("bytes=-300", 1000)).toEqual({ start: 700, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("finds a range past the end unsatisfiable", () => {
    expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=0-", 0)).toBe("unsatisfiable");
  });

  it("ignores what it does not serve: no header, other units, several ranges, bad syntax", () => {
    for (const header of [undefined, "", "bytes=", "bytes=-", "items=0-1", "bytes=0-1,5-9", "bytes=a-b", "bytes=9-1", "bytes = 0-1"]) {
      expect(parseByteRange(header, 1000), String(header)).toBeNull();
    }
  });
});
