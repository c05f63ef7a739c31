import { PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { DocumentFonts } from "./document-fonts.ts";
import { MixedText } from "./mixed-text.ts";

const SIGNED_LINE = "Signed by דנה ממבר on 2026-12-07";
const ARABIC_LINE = "ليلى حداد 2026";

let fonts: DocumentFonts;
let text: MixedText;

beforeAll(async () => {
  fonts = await DocumentFonts.embed(await PDFDocument.create(), { regular: [SIGNED_LINE, ARABIC_LINE, "٢٠٢٦ (ממבר)"] });
  text = new MixedText(fonts);
});

interface DrawCall {
  text: string;
  x: number;
  font: PDFFont;
}

/** Draws `line` on a stand-in page and returns what pdf-lib was asked to draw, left to right. */
function draw(line: string, options: { x?: number; alignWidth?: number } = {}): DrawCall[] {
  const calls: DrawCall[] = [];
  const page = { drawText: (drawn: string, { x, font }: { x: number; font: PDFFont }) => calls.push({ text: drawn, x, font }) };
  text.drawLine(page as unknown as PDFPage, line, { x: options.x ?? 0, y: 0, size: 10, ...(options.alignWidth ? { alignWidth: options.alignWidth } : {}) });
  return calls;
}

const faceOf = (call: DrawCall) => call.font.name.replace(/-.*$/, "");
/** The characters of the glyphs pdf-lib draws for a call (fontkit's layout), left to right. */
function glyphCharacters(call: DrawCall): string {
  const run = fonts.runs(call.text, "regular")[0];
  if (!run) return "";
  return run.face.font
    .layout(call.text)
    .glyphs.map((glyph) => String.fromCodePoint(...glyph.codePoints))
    .join("");
}

describe("MixedText.drawLine", () => {
  it("keeps a Hebrew name in its place in an English line, its letters drawn right to left", () => {
    const calls = draw(SIGNED_LINE);
    expect(calls.map((call) => [faceOf(call), call.text])).toEqual([
      ["NotoSans", "Signed by "],
      ["NotoSansHebrew", "דנה ממבר"],
      // The space after the name stays in its font but sits at the line's level: a run of its own.
      ["NotoSansHebrew", " "],
      ["NotoSans", "on 2026-12-07"],
    ]);
    expect(calls.map((call) => call.x)).toEqual([...calls.map((call) => call.x)].sort((a, b) => a - b));
    // pdf-lib is handed the logical text and fontkit reverses it: the glyphs go left to right.
    expect(glyphCharacters(calls[1] as DrawCall)).toBe("רבממ הנד");
  });

  it("sets a right-to-left line flush right, numbers in it left to right", () => {
    const calls = draw(ARABIC_LINE, { x: 100, alignWidth: 300 });
    expect(calls.map((call) => call.text)).toEqual(["2026", "ليلى حداد "]);
    const last = calls[1] as DrawCall;
    expect(last.x + last.font.widthOfTextAtSize(last.text, 10)).toBeCloseTo(400, 6);
  });

  it("shapes Arabic: joined forms, not the isolated letters", () => {
    const arabic = draw(ARABIC_LINE)[1] as DrawCall;
    const face = fonts.runs(arabic.text, "regular")[0]?.face;
    const shaped = face?.font.layout("ليلى").glyphs.map((glyph) => glyph.id) ?? [];
    const isolated = [..."ليلى"].map((char) => face?.font.glyphForCodePoint(char.codePointAt(0) ?? 0).id).reverse();
    expect(shaped).toHaveLength(4);
    expect(shaped.filter((id, index) => id !== isolated[index]).length).toBeGreaterThanOrEqual(3);
  });

  it("reverses Arabic-Indic digits for fontkit, which would otherwise draw them right to left", () => {
    const digits = draw("٢٠٢٦ (ממבר)").find((call) => /[٠-٩]/.test(call.text)) as DrawCall;
    expect(glyphCharacters(digits)).toBe("٢٠٢٦");
  });

  it("mirrors brackets in right-to-left text", () => {
    // Logical "דנה (ממבר)" reads right to left; drawn left to right it is "(רבממ) הנד".
    expect(draw("דנה (ממבר)").map((call) => call.text)).toEqual(["(", "ממבר", ")", "דנה "]);
  });
});

describe("MixedText.width", () => {
  it("agrees with pdf-lib's own measure", () => {
    const latin = "Zoë Ångström-Ñúñez signed the office's final affidavit";
    const font = fonts.runs(latin, "regular")[0]?.face.pdfFont as PDFFont;
    expect(text.width(latin, { size: 10 })).toBeCloseTo(font.widthOfTextAtSize(latin, 10), 9);
  });

  it("wraps a line mixing scripts within the width", () => {
    const lines = text.wrap(`${SIGNED_LINE} ${ARABIC_LINE} `.repeat(6), 200, { size: 10 });
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(text.width(line, { size: 10 })).toBeLessThanOrEqual(200);
  });
});
