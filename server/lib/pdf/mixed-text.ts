import type { Font } from "fontkit";
import type { Color, PDFPage } from "pdf-lib";
import { type TextDirection, embeddingLevels, mirrorCharacters, paragraphDirection, reverseGraphemes, visualOrder } from "./bidi-order.ts";
import { type DocumentFonts, type FontRun, drawableText } from "./document-fonts.ts";
import type { FontWeight } from "./font-files.ts";
import { wrapText } from "./wrap-text.ts";

export interface TextStyle {
  size: number;
  weight?: FontWeight;
}

export interface DrawLineOptions extends TextStyle {
  x: number;
  /** The baseline. */
  y: number;
  color?: Color;
  /** The paragraph's direction; by default the line's own (its first strong character). */
  direction?: TextDirection;
  /** With it, a right-to-left line ends at `x + alignWidth` instead of starting at `x`. */
  alignWidth?: number;
}

/**
 * The text pdf-lib is handed for a run, so that its glyphs come out in visual order. fontkit
 * shapes a run of a right-to-left script (Arabic joining needs logical order) and then reverses
 * its glyphs itself; any other run it keeps in order. A run whose level says otherwise (a
 * neutral at an odd level, Arabic-Indic digits at an even one) is reversed here first; the
 * right-to-left ones get mirrored brackets, which fontkit does not do.
 */
function glyphOrderText(run: FontRun): string {
  const rightToLeft = run.level % 2 === 1;
  const text = rightToLeft ? mirrorCharacters(run.text) : run.text;
  // Asking fontkit costs a layout: asked only when the run has a right-to-left letter at all.
  const fontkitReverses = RIGHT_TO_LEFT_SCRIPT.test(run.text) && run.face.font.layout(run.text).direction === "rtl";
  return rightToLeft === fontkitReverses ? text : reverseGraphemes(text);
}

const RIGHT_TO_LEFT_SCRIPT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/** Widths at size 1, by font and word: laying text out in fontkit is most of a PDF's time. */
const wordWidths = new WeakMap<Font, Map<string, number>>();
// Enough for every word of many documents; past it the cache starts over rather than grow.
const MAX_CACHED_WORDS = 50_000;

/** The width pdf-lib gives `word` (the advances of fontkit's glyphs, no kerning) at size 1. */
function wordWidth(font: Font, word: string): number {
  let widths = wordWidths.get(font);
  if (!widths || widths.size >= MAX_CACHED_WORDS) wordWidths.set(font, (widths = new Map()));
  let width = widths.get(word);
  if (width === undefined) {
    width = font.layout(word).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / font.unitsPerEm;
    widths.set(word, width);
  }
  return width;
}

/**
 * A run's width at size 1, word by word: wrapping measures each line again with every word it
 * adds, and the same words recur. No font here joins or kerns glyphs across a space (and pdf-lib
 * applies no kerning), so the sum is the width pdf-lib draws.
 */
function runWidth(run: FontRun): number {
  return run.text.split(/(?<= )|(?= )/).reduce((sum, word) => sum + wordWidth(run.face.font, word), 0);
}

/**
 * Lines of text in any script, in one PDF's fonts: measured, wrapped and drawn run by run, each
 * run in the font that has its characters and all of them in visual order.
 */
export class MixedText {
  constructor(private readonly fonts: DocumentFonts) {}

  width(text: string, style: TextStyle): number {
    return this.runsWidth(this.fonts.runs(drawableText(text), style.weight ?? "regular"), style.size);
  }

  /** `text` broken into lines no wider than `maxWidth`, in logical order. */
  wrap(text: string, maxWidth: number, style: TextStyle): string[] {
    return wrapText(drawableText(text), maxWidth, (part) => this.width(part, style));
  }

  /** The direction of a paragraph: pass it to `drawLine` for each of its wrapped lines. */
  direction(text: string): TextDirection {
    return paragraphDirection(drawableText(text));
  }

  /** Draws one line (no wrapping) and returns its width. */
  drawLine(page: PDFPage, text: string, options: DrawLineOptions): number {
    const line = drawableText(text);
    const direction = options.direction ?? paragraphDirection(line);
    const runs = visualOrder(this.fonts.runs(line, options.weight ?? "regular", embeddingLevels(line, direction)));
    const width = this.runsWidth(runs, options.size);
    let x = direction === "rtl" && options.alignWidth !== undefined ? options.x + options.alignWidth - width : options.x;
    for (const run of runs) {
      const font = run.face.pdfFont;
      page.drawText(glyphOrderText(run), { x, y: options.y, size: options.size, font, ...(options.color ? { color: options.color } : {}) });
      x += runWidth(run) * options.size;
    }
    return width;
  }

  private runsWidth(runs: readonly FontRun[], size: number): number {
    return runs.reduce((sum, run) => sum + runWidth(run), 0) * size;
  }
}
