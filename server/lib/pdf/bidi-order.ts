import bidiFactory from "bidi-js";
import { graphemes } from "./graphemes.ts";

/**
 * Right-to-left text in a PDF: a PDF has no text direction, it draws glyphs left to right where
 * it is told, so each line is put in visual order before it is drawn (Unicode's bidirectional
 * algorithm, UAX #9, by bidi-js).
 */

const bidi = bidiFactory();

export type TextDirection = "ltr" | "rtl";

/** A run of text at one embedding level (odd: right to left), in logical order. */
export interface LeveledRun {
  level: number;
  text: string;
}

/** The paragraph's direction: that of its first strong character (rules P2–P3), else ltr. */
export function paragraphDirection(text: string): TextDirection {
  return (bidi.getEmbeddingLevels(text, "auto").paragraphs[0]?.level ?? 0) % 2 === 1 ? "rtl" : "ltr";
}

/** The embedding level of each UTF-16 code unit of `text`, in a paragraph of `direction`. */
export function embeddingLevels(text: string, direction: TextDirection): Uint8Array {
  return bidi.getEmbeddingLevels(text, direction).levels;
}

/**
 * Runs in visual order, left to right (rule L2): from the highest level down to the lowest odd
 * one, every stretch of runs at that level or higher is reversed. The runs' own text is not.
 */
export function visualOrder<Run extends LeveledRun>(runs: readonly Run[]): Run[] {
  const ordered = [...runs];
  const levels = ordered.map((run) => run.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < ordered.length; start++) {
      if ((ordered[start]?.level ?? 0) < level) continue;
      let end = start;
      while (end + 1 < ordered.length && (ordered[end + 1]?.level ?? 0) >= level) end++;
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return ordered;
}

/** The graphemes of `text` in reverse order, each kept whole (a letter keeps its marks after it). */
export function reverseGraphemes(text: string): string {
  return graphemes(text)
    .map(({ segment }) => segment)
    .reverse()
    .join("");
}

/** Brackets and the like swapped for their mirror images, as right-to-left text shows them (rule L4). */
export function mirrorCharacters(text: string): string {
  let out = "";
  for (const char of text) out += bidi.getMirroredCharacter(char) ?? char;
  return out;
}
