import { describe, expect, it } from "vitest";
import { wrapText } from "./wrap-text.ts";

const byLength = (text: string) => [...text].length;

describe("wrapText", () => {
  it("wraps at spaces and cuts words longer than a line", () => {
    expect(wrapText("the quick brown fox", 9, byLength)).toEqual(["the quick", "brown fox"]);
    expect(wrapText("abcdefghijkl xy", 5, byLength)).toEqual(["abcde", "fghij", "kl xy"]);
    expect(wrapText("   ", 5, byLength)).toEqual([""]);
  });

  it("wraps a very long word in linear time", () => {
    const lines = wrapText("x".repeat(200_000), 100, byLength);
    expect(lines).toHaveLength(2000);
  });

  it("cuts a run without spaces (CJK) between graphemes, never inside one", () => {
    expect(wrapText("王小明山田", 2, byLength)).toEqual(["王小", "明山", "田"]);
    // e + combining acute and a family emoji are one grapheme each, however many code points.
    expect(wrapText("e\u0301e\u0301e\u0301", 2, byLength)).toEqual(["e\u0301", "e\u0301", "e\u0301"]);
    const family = "👩‍👩‍👧";
    const measure = (text: string) => (text.includes("a") ? 1 : 0) + (text.includes(family) ? 2 : 0);
    expect(wrapText(`a${family}`, 2, measure)).toEqual(["a", family]);
  });
});
