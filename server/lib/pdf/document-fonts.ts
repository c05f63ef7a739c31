import type { Font } from "fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";
import { FALLBACK_FAMILIES, FONT_FAMILIES, type FontFace, type FontWeight, PRIMARY_FAMILY, loadFontFace } from "./font-files.ts";
import { fontkitForPdfLib } from "./fontkit-for-pdf-lib.ts";
import { graphemes } from "./graphemes.ts";

/** Drawn, in Noto Sans, for a character no font has (an emoji, a script not covered). */
export const REPLACEMENT_CHARACTER = "\uFFFD";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Embeddings, overrides and isolates (LRE…RLO, LRI…PDI) are dropped: honoured, a typed name
// could be shown reversed ("\u202Eevil" as "live") in a document that is a legal record.
const BIDI_FORMATTING = /[\u202A-\u202E\u2066-\u2069]/g;
const LINE_SEPARATORS = /[\t\u2028\u2029]/g;
const CONTROLS = /\p{Cc}/gu;
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
// Not drawn at all: fontkit lays them out as a space glyph, which pdf-lib draws at a space's
// width (a soft hyphen, LRM/RLM, variation selectors). The joiners stay: they decide how Arabic
// letters join, at the cost of that space.
const INVISIBLE = /(?![\u200C\u200D])\p{Default_Ignorable_Code_Point}/gu;
// Spaces, punctuation, digits and marks: they stay in the font of the text around them.
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;

/**
 * The text as it is drawn: well-formed, composed (NFC), tabs and line separators as spaces, no
 * explicit bidi formatting, control characters as the replacement character.
 */
export function drawableText(text: string): string {
  return text
    .replace(LONE_SURROGATE, REPLACEMENT_CHARACTER)
    .normalize("NFC")
    .replace(LINE_SEPARATORS, " ")
    .replace(BIDI_FORMATTING, "")
    .replace(CONTROLS, REPLACEMENT_CHARACTER);
}

function covers(font: Font, grapheme: string): boolean {
  for (const char of grapheme) {
    // Joiners and variation selectors need no glyph: fontkit lays them out with no width.
    if (!font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) && !DEFAULT_IGNORABLE.test(char)) return false;
  }
  return true;
}

/**
 * The face that draws `grapheme`: for a neutral one, the face of the text before it if it can;
 * otherwise the first face, in the families' order, that has all of it; undefined if none has.
 */
function pickFace<Face extends { font: Font }>(faces: readonly Face[], grapheme: string, previous: Face | undefined): Face | undefined {
  if (previous && NEUTRAL.test(grapheme) && covers(previous.font, grapheme)) return previous;
  return faces.find((face) => covers(face.font, grapheme));
}

const familyOrder = (face: FontFace) => FONT_FAMILIES.indexOf(face.family);

/**
 * The faces of one weight that `texts` need, in the families' order: Noto Sans always, a
 * fallback family only when a character it serves is not in the faces read before it.
 */
async function chooseFaces(weight: FontWeight, texts: readonly string[]): Promise<FontFace[]> {
  const primary = await loadFontFace(PRIMARY_FAMILY, weight);
  const candidates = [primary];
  const used = new Set([primary]);
  for (const text of texts) {
    let previous: FontFace | undefined;
    for (const { segment } of graphemes(drawableText(text))) {
      let face = pickFace(candidates, segment, previous);
      for (const family of FALLBACK_FAMILIES) {
        if (face) break;
        if (!family.serves.test(segment) || candidates.some((candidate) => candidate.family === family)) continue;
        candidates.push(await loadFontFace(family, weight));
        candidates.sort((a, b) => familyOrder(a) - familyOrder(b));
        face = pickFace(candidates, segment, previous);
      }
      previous = face ?? primary;
      used.add(previous);
    }
  }
  return candidates.filter((face) => used.has(face));
}

export interface EmbeddedFace extends FontFace {
  pdfFont: PDFFont;
}

/** Text drawn in one face at one embedding level, in logical order. */
export interface FontRun {
  face: EmbeddedFace;
  level: number;
  text: string;
}

/**
 * The fonts one PDF draws its text in, chosen per grapheme. Embedding is asynchronous and
 * drawing is not, so the document names all its text up front, by weight: a family is read and
 * embedded only if that text needs it, and subset so the PDF holds only the glyphs it uses.
 */
export class DocumentFonts {
  private constructor(private readonly faces: ReadonlyMap<FontWeight, readonly EmbeddedFace[]>) {}

  static async embed(doc: PDFDocument, texts: Partial<Record<FontWeight, readonly string[]>>): Promise<DocumentFonts> {
    doc.registerFontkit(fontkitForPdfLib);
    const faces = new Map<FontWeight, EmbeddedFace[]>();
    for (const [weight, weightTexts] of Object.entries(texts) as [FontWeight, readonly string[]][]) {
      const chosen = await chooseFaces(weight, weightTexts);
      faces.set(weight, await Promise.all(chosen.map(async (face) => ({ ...face, pdfFont: await doc.embedFont(face.bytes, { subset: true }) }))));
    }
    return new DocumentFonts(faces);
  }

  /** The families embedded for `weight`, in order. */
  familiesOf(weight: FontWeight): string[] {
    return this.facesOf(weight).map((face) => face.family.name);
  }

  /**
   * `text` (already through `drawableText`) cut where its face or level changes; a grapheme no
   * embedded face has becomes the replacement character. `levels` are per UTF-16 code unit.
   */
  runs(text: string, weight: FontWeight, levels?: Uint8Array): FontRun[] {
    const faces = this.facesOf(weight);
    const runs: FontRun[] = [];
    let last: FontRun | undefined;
    for (const { segment, index } of graphemes(text)) {
      const face = pickFace(faces, segment, last?.face);
      const drawn = face ? segment.replace(INVISIBLE, "") : REPLACEMENT_CHARACTER;
      if (drawn === "") continue;
      const drawnFace = face ?? (faces[0] as EmbeddedFace);
      const level = levels?.[index] ?? 0;
      if (last && last.face === drawnFace && last.level === level) last.text += drawn;
      else runs.push((last = { face: drawnFace, level, text: drawn }));
    }
    return runs;
  }

  private facesOf(weight: FontWeight): readonly EmbeddedFace[] {
    const faces = this.faces.get(weight);
    if (!faces?.length) throw new Error(`No ${weight} text was named when the fonts were embedded`);
    return faces;
  }
}
