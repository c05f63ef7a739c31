import { type Font, type Glyph, create } from "fontkit";
import { describe, expect, it } from "vitest";
import { FALLBACK_FAMILIES, type FontFamily, PRIMARY_FAMILY, loadFontFace } from "./font-files.ts";
import { fontkitForPdfLib } from "./fontkit-for-pdf-lib.ts";

/** The subset of `glyphs` as pdf-lib reads it: through `encodeStream()`. */
function encodeSubset(font: Font, glyphs: readonly Glyph[]): Promise<Buffer> {
  const subset = font.createSubset() as ReturnType<Font["createSubset"]> & { encodeStream(): StreamLike };
  for (const glyph of glyphs) subset.includeGlyph(glyph);
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    subset
      .encodeStream()
      .on("data", (bytes) => parts.push(bytes as Uint8Array))
      .on("end", () => resolve(Buffer.concat(parts)))
      .on("error", reject);
  });
}
interface StreamLike {
  on(event: string, listener: (value?: unknown) => void): StreamLike;
}

/** A bare CFF (what a PDF embeds as FontFile3) wrapped in a one-table OpenType file fontkit can open. */
function openTypeAround(cff: Buffer): Buffer {
  const file = Buffer.alloc(28 + Math.ceil(cff.length / 4) * 4);
  file.write("OTTO", 0, "latin1");
  file.writeUInt16BE(1, 4);
  file.write("CFF ", 12, "latin1");
  file.writeUInt32BE(28, 20);
  file.writeUInt32BE(cff.length, 24);
  cff.copy(file, 28);
  return file;
}

async function glyphsOf(family: FontFamily, text: string) {
  const { font } = await loadFontFace(family, "regular");
  return { font, glyphs: [...new Set([...text].map((char) => font.glyphForCodePoint(char.codePointAt(0) ?? 0)))] };
}

const outline = (glyph: Glyph) => glyph.path.toSVG();

describe("fontkitForPdfLib", () => {
  it("hands pdf-lib the font already parsed for these bytes", async () => {
    const face = await loadFontFace(PRIMARY_FAMILY, "regular");
    expect(fontkitForPdfLib.create(face.bytes)).toBe(face.font);
  });

  // @pdf-lib/fontkit 1.1.1 lost these outlines (short loca) and wrote CFF headers poppler rejects.
  it("subsets a TrueType font with every outline intact", async () => {
    const { font, glyphs } = await glyphsOf(PRIMARY_FAMILY, "Zoë Ångström-Ñúñez Γιώργος Дмитрий Agreement");
    const subset = create(await encodeSubset(font, glyphs)) as Font;
    glyphs.forEach((glyph, index) => expect(outline(subset.getGlyph(index + 1)), String.fromCodePoint(...glyph.codePoints)).toBe(outline(glyph)));
  });

  it("subsets a CID-keyed CFF font (Noto Sans CJK) with a valid header and every outline intact", async () => {
    const hans = FALLBACK_FAMILIES.find((family) => family.name === "Noto Sans Hans") as FontFamily;
    const { font, glyphs } = await glyphsOf(hans, "王小明さくら山田");
    const cff = await encodeSubset(font, glyphs);
    expect([...cff.subarray(0, 3)]).toEqual([1, 0, 4]);
    expect(cff[3]).toBeGreaterThanOrEqual(1);
    expect(cff[3]).toBeLessThanOrEqual(4);
    const subset = create(openTypeAround(cff)) as Font;
    glyphs.forEach((glyph, index) => expect(outline(subset.getGlyph(index + 1))).toBe(outline(glyph)));
  });
});
