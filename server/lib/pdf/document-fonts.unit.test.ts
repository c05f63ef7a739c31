import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { DocumentFonts, REPLACEMENT_CHARACTER, drawableText } from "./document-fonts.ts";
import { loadedFontFaces } from "./font-files.ts";

const ALL_SCRIPTS = "Zoë Γιώργος Дмитрий דנה ממבר ليلى حداد 王小明 さくら 김민준 👩‍👩‍👧‍👦";

async function fontsFor(texts: Parameters<typeof DocumentFonts.embed>[1]) {
  return DocumentFonts.embed(await PDFDocument.create(), texts);
}

describe("drawableText", () => {
  it("composes accents, turns tabs into spaces, drops bidi overrides and replaces controls", () => {
    expect(drawableText("Cafe\u0301\tZoe\u0308 \u202Eevil\u202C \u2066x\u2069 a\u0007b \uD800")).toBe(`Café Zoë evil x a${REPLACEMENT_CHARACTER}b ${REPLACEMENT_CHARACTER}`);
  });
});

describe("DocumentFonts", () => {
  // First in the file: the font cache is the module's, and later tests load every family.
  it("reads no fallback font for Latin, Greek and Cyrillic text", async () => {
    const fonts = await fontsFor({ regular: ["Zoë Ångström-Ñúñez", "Γιώργος Παπαδόπουλος", "Дмитрий Иванов"] });
    expect(fonts.familiesOf("regular")).toEqual(["Noto Sans"]);
    expect(loadedFontFaces()).toEqual(["Noto Sans/regular"]);
  });

  it("draws each script in a font that has it, and what no font has as the replacement character", async () => {
    const fonts = await fontsFor({ regular: [ALL_SCRIPTS] });
    const runs = fonts.runs(drawableText(ALL_SCRIPTS), "regular").map((run) => [run.face.family.name, run.text]);
    expect(runs).toEqual([
      ["Noto Sans", "Zoë Γιώργος Дмитрий "],
      // A space between two words of a script stays in that script's font: one run per name.
      ["Noto Sans Hebrew", "דנה ממבר "],
      ["Noto Naskh Arabic", "ليلى حداد "],
      ["Noto Sans Hans", "王小明 さくら "],
      ["Noto Sans KR", "김민준 "],
      ["Noto Sans", REPLACEMENT_CHARACTER],
    ]);
  });

  it("draws no soft hyphen, bidi mark or variation selector (pdf-lib would draw a space)", async () => {
    const fonts = await fontsFor({ regular: ["Zo\u00ADë\u200E ©\uFE0F"] });
    expect(fonts.runs(drawableText("Zo\u00ADë\u200E ©\uFE0F"), "regular").map((run) => run.text)).toEqual(["Zoë ©"]);
  });

  it("embeds per weight only the families that weight's text needs", async () => {
    const fonts = await fontsFor({ regular: ["Signed by 王小明"], bold: ["דנה"] });
    expect(fonts.familiesOf("regular")).toEqual(["Noto Sans", "Noto Sans Hans"]);
    expect(fonts.familiesOf("bold")).toEqual(["Noto Sans", "Noto Sans Hebrew"]);
    expect(loadedFontFaces()).not.toContain("Noto Sans KR/bold");
  });

  it("prefers the font already in use for CJK punctuation, so Korean text needs no Chinese font", async () => {
    const fonts = await fontsFor({ regular: ["김민준。「서울」"] });
    expect(fonts.familiesOf("regular")).toEqual(["Noto Sans", "Noto Sans KR"]);
  });

  it("refuses a weight whose text was not named up front", async () => {
    const fonts = await fontsFor({ regular: ["x"] });
    expect(() => fonts.runs("x", "bold")).toThrow(/No bold text was named/);
  });
});
