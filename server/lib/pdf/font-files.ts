import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Font } from "fontkit";
import { parseFont } from "./fontkit-for-pdf-lib.ts";

/**
 * The fonts PDFs are written in: Noto (SIL Open Font License 1.1) from the @embedpdf/fonts-*
 * packages, which ship plain TTF/OTF files for PDF fallback. Noto Sans draws Latin (with its
 * diacritics), Greek and Cyrillic; the others are read only when a text has characters of their
 * scripts (the Chinese font alone is 8 MB). See decision 044.
 */

export type FontWeight = "regular" | "bold";

export interface FontFamily {
  name: string;
  packageName: string;
  /** The file of each weight, in the package's fonts/ folder. */
  files: Record<FontWeight, string>;
  /** The characters this family is read for: one of them in a text makes it a candidate. */
  serves: RegExp;
}

// CJK punctuation, symbols, enclosed and full-width forms: both CJK fonts have them.
const CJK_COMMON = "\\u2E80-\\u2FDF\\u3000-\\u303F\\u3190-\\u319F\\u31C0-\\u31EF\\u3200-\\u33FF\\uFE30-\\uFE4F\\uFF00-\\uFFEF";

export const PRIMARY_FAMILY: FontFamily = {
  name: "Noto Sans",
  packageName: "@embedpdf/fonts-latin",
  files: { regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" },
  serves: /[^]/u,
};

/** Tried in this order for a character Noto Sans does not have. */
export const FALLBACK_FAMILIES: readonly FontFamily[] = [
  {
    name: "Noto Sans Hebrew",
    packageName: "@embedpdf/fonts-hebrew",
    files: { regular: "NotoSansHebrew-Regular.ttf", bold: "NotoSansHebrew-Bold.ttf" },
    serves: /\p{Script=Hebrew}/u,
  },
  {
    name: "Noto Naskh Arabic",
    packageName: "@embedpdf/fonts-arabic",
    files: { regular: "NotoNaskhArabic-Regular.ttf", bold: "NotoNaskhArabic-Bold.ttf" },
    serves: /\p{Script=Arabic}/u,
  },
  {
    // Simplified Chinese, with the Japanese kana and every BMP kanji of Noto Sans JP.
    name: "Noto Sans Hans",
    packageName: "@embedpdf/fonts-sc",
    files: { regular: "NotoSansHans-Regular.otf", bold: "NotoSansHans-Bold.otf" },
    serves: new RegExp(`[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}${CJK_COMMON}]`, "u"),
  },
  {
    name: "Noto Sans KR",
    packageName: "@embedpdf/fonts-kr",
    files: { regular: "NotoSansKR-Regular.otf", bold: "NotoSansKR-Bold.otf" },
    serves: new RegExp(`[\\p{Script=Hangul}${CJK_COMMON}]`, "u"),
  },
];

export const FONT_FAMILIES: readonly FontFamily[] = [PRIMARY_FAMILY, ...FALLBACK_FAMILIES];

export interface FontFace {
  family: FontFamily;
  weight: FontWeight;
  bytes: Buffer;
  font: Font;
}

// Resolved from this file, so from the server's bundle in dist/ too: packages stay in node_modules.
const requireFromHere = createRequire(import.meta.url);

export function fontFilePath(family: FontFamily, weight: FontWeight): string {
  // The packages export only their index (dist/index.js); the fonts sit in fonts/ beside dist/.
  const packageIndex = requireFromHere.resolve(family.packageName);
  return path.join(path.dirname(packageIndex), "..", "fonts", family.files[weight]);
}

const faces = new Map<string, Promise<FontFace>>();

/** A font file read and parsed on first use, then kept for the process's lifetime. */
export function loadFontFace(family: FontFamily, weight: FontWeight): Promise<FontFace> {
  const key = `${family.name}/${weight}`;
  let face = faces.get(key);
  if (!face) {
    face = readFile(fontFilePath(family, weight)).then((bytes) => ({ family, weight, bytes, font: parseFont(bytes) }));
    // A failed read is not kept: the next PDF tries again (and fails loudly if it still cannot).
    face.catch(() => faces.delete(key));
    faces.set(key, face);
  }
  return face;
}

/** The faces read so far, as "family/weight": lets tests check what a PDF made the server load. */
export function loadedFontFaces(): string[] {
  return [...faces.keys()];
}
