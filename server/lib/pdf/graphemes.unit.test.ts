import { describe, expect, it } from "vitest";
import { graphemes } from "./graphemes.ts";

const segments = (text: string) => graphemes(text).map(({ segment }) => segment);

describe("graphemes", () => {
  it("keeps marks, joined emoji, skin tones and flags with their character", () => {
    expect(segments("e\u0301a")).toEqual(["e\u0301", "a"]);
    expect(segments("שָׁלוֹם")).toEqual(["שָׁ", "ל", "וֹ", "ם"]);
    expect(segments("👩‍👩‍👧‍👦👍🏽🇮🇱x")).toEqual(["👩‍👩‍👧‍👦", "👍🏽", "🇮🇱", "x"]);
    expect(segments("ل\u200Dا")).toEqual(["ل\u200D", "ا"]);
  });

  it("gives each grapheme's index in UTF-16 code units", () => {
    expect(graphemes("𠀋a")).toEqual([
      { segment: "𠀋", index: 0 },
      { segment: "a", index: 2 },
    ]);
  });

  it("splits a 100,000-character line in linear time", () => {
    const started = performance.now();
    expect(graphemes("x\u0301".repeat(100_000))).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
