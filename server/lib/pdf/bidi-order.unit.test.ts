import { describe, expect, it } from "vitest";
import { embeddingLevels, mirrorCharacters, paragraphDirection, reverseGraphemes, visualOrder } from "./bidi-order.ts";

const runs = (...parts: [number, string][]) => parts.map(([level, text]) => ({ level, text }));
const texts = (ordered: { text: string }[]) => ordered.map((run) => run.text);

describe("paragraphDirection", () => {
  it("follows the first strong character", () => {
    expect(paragraphDirection("Signed by דנה ממבר")).toBe("ltr");
    expect(paragraphDirection("דנה ממבר signed")).toBe("rtl");
    expect(paragraphDirection("2026: ليلى حداد")).toBe("rtl");
    expect(paragraphDirection("2026-12-07")).toBe("ltr");
  });
});

describe("embeddingLevels", () => {
  it("puts a Hebrew name at an odd level inside a left-to-right line", () => {
    const line = "Signed by דנה ממבר on 2026-12-07";
    const levels = embeddingLevels(line, "ltr");
    expect(levels[line.indexOf("ד")]).toBe(1);
    expect(levels[line.indexOf("מ") + 1]).toBe(1);
    expect(levels[line.indexOf("S")]).toBe(0);
    expect(levels[line.indexOf("2")]).toBe(0);
  });

  it("lifts digits after Arabic letters above the right-to-left level", () => {
    const line = "ليلى حداد 2026";
    expect(embeddingLevels(line, "rtl")[line.indexOf("2")]).toBe(2);
  });
});

describe("visualOrder", () => {
  it("keeps left-to-right runs and reverses right-to-left ones among them", () => {
    expect(texts(visualOrder(runs([0, "Signed by "], [1, "דנה ממבר"], [0, " on 2026"])))).toEqual(["Signed by ", "דנה ממבר", " on 2026"]);
    expect(texts(visualOrder(runs([0, "A "], [1, "x"], [1, "y"], [0, " B"])))).toEqual(["A ", "y", "x", " B"]);
  });

  it("lays a right-to-left paragraph out from the right, numbers kept left to right", () => {
    expect(texts(visualOrder(runs([1, "ليلى "], [2, "2026"], [1, " حداد"])))).toEqual([" حداد", "2026", "ليلى "]);
    expect(texts(visualOrder(runs([1, "a"], [2, "1"], [2, "2"], [1, "b"])))).toEqual(["b", "1", "2", "a"]);
  });
});

describe("reverseGraphemes and mirrorCharacters", () => {
  it("reverses graphemes whole and mirrors brackets", () => {
    expect(reverseGraphemes("ab\u05B8c👩‍👩‍👧")).toBe("👩‍👩‍👧cb\u05B8a");
    expect(mirrorCharacters("(a) [b] «c» <d>")).toBe(")a( ]b[ »c« >d<");
  });
});
