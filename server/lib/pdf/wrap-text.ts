import { graphemes } from "./graphemes.ts";

/**
 * Breaks one line of text into lines no wider than `maxWidth` (as `measure` says), at spaces
 * where possible and inside words longer than a whole line (a run of CJK without spaces is one
 * such word). An empty line stays one empty line. Wrap in logical order, then lay each line out
 * (bidi reorders a line after it is broken, never before).
 */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const words = text.split(/ +/).filter((word) => word !== "");
  if (words.length === 0) return [""];
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if (measure(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current !== "") lines.push(current);
    // The word starts the next line; one wider than a line is cut, its last piece starting it.
    const pieces = measure(word) <= maxWidth ? [word] : breakWord(word, maxWidth, measure);
    current = pieces.pop() ?? "";
    lines.push(...pieces);
  }
  if (current !== "") lines.push(current);
  return lines;
}

/**
 * A word wider than a line, cut where it no longer fits (summing the widths of its graphemes:
 * linear, and a letter never loses its accents or marks to the next line).
 */
function breakWord(word: string, maxWidth: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = "";
  let width = 0;
  for (const { segment } of graphemes(word)) {
    const segmentWidth = measure(segment);
    if (piece !== "" && width + segmentWidth > maxWidth) {
      pieces.push(piece);
      piece = "";
      width = 0;
    }
    piece += segment;
    width += segmentWidth;
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}
