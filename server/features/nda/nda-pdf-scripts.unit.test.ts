import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { paragraphDirection } from "#server/lib/pdf/bidi-order";
import type { NdaDocumentInput } from "./nda-pdf-content.ts";
import { renderNdaPdf } from "./nda-pdf.ts";

/**
 * The NDA's PDF read back as text, for a signer in each script people type. One PDF holds them
 * all: reading the CJK fonts is most of the cost.
 */

const SIGNERS = [
  ["Latin with diacritics", "Zoë Ångström-Ñúñez"],
  ["Greek", "Γιώργος Παπαδόπουλος"],
  ["Cyrillic", "Дмитрий Иванов"],
  ["Hebrew", "דנה ממבר"],
  ["Arabic", "ليلى حداد"],
  ["Chinese", "王小明"],
  ["Japanese", "さくら 山田"],
  ["Korean", "김민준"],
] as const;

const SIGNED_AT = new Date("2026-12-07T10:00:00Z");
const signedLine = (name: string) => `Signed by ${name} on 2026-12-07`;
const RIGHT_TO_LEFT_PARAGRAPHS = ["ليلى حداد 2026", "שלום דנה ממבר"];

const INPUT: NdaDocumentInput = {
  ndaId: "8f0c2a4e-1111-4a4a-9a9a-000000000001",
  organizationName: "Ωμέγα Συστήματα",
  templateVersion: 1,
  title: "Mutual NDA — הסכם סודיות",
  body: [...SIGNERS.map(([, name]) => signedLine(name)), ...RIGHT_TO_LEFT_PARAGRAPHS, "Emoji 👩‍👩‍👧‍👦 here"].join("\n\n"),
  member: { name: "דנה ממבר", title: "ليلى حداد", email: "dana@example.com", signedAt: SIGNED_AT },
  provider: { name: "王小明 さくら 山田", title: "김민준", signedAt: SIGNED_AT },
  renderedAt: SIGNED_AT,
};

/**
 * The PDF's lines as text in logical order. pdf.js hands back the pieces of a line in drawing
 * order (left to right), each piece of right-to-left text turned back into logical order by its
 * own bidi pass. So a left-to-right line, names in any script inside it, reads as typed once its
 * pieces are joined; a right-to-left line has its pieces reversed first. Had the PDF drawn Hebrew
 * in logical order, pdf.js would turn it around and the names would not match.
 */
async function readLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const { items } = await (await pdf.getPage(number)).getTextContent();
    let pieces: string[] = [];
    for (const item of items) {
      if (!("str" in item)) continue;
      pieces.push(item.str);
      if (!item.hasEOL) continue;
      const visual = pieces.join("");
      lines.push((paragraphDirection(visual) === "rtl" ? pieces.reverse().join("") : visual).replace(/\s+/g, " ").trim());
      pieces = [];
    }
  }
  await pdf.destroy();
  return lines;
}

let bytes: Uint8Array;
let lines: string[];

beforeAll(async () => {
  bytes = await renderNdaPdf(INPUT);
  lines = await readLines(bytes);
});

describe("the NDA's PDF in every script", () => {
  it.each(SIGNERS)("prints the %s name as typed, inside an English line", (_script, name) => {
    expect(lines).toContain(signedLine(name));
  });

  it("prints the signature blocks and a title mixing scripts", () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        "Mutual NDA — הסכם סודיות",
        "Organization: Ωμέγα Συστήματα",
        "Signed by: דנה ממבר",
        "Title: ليلى حداد",
        "Signed by: 王小明 さくら 山田",
        "Title: 김민준",
      ]),
    );
  });

  it("lays right-to-left paragraphs out from the right, numbers kept left to right", () => {
    expect(lines).toEqual(expect.arrayContaining(RIGHT_TO_LEFT_PARAGRAPHS));
  });

  it("prints what no font has as the replacement character", () => {
    expect(lines).toContain("Emoji \uFFFD here");
  });

  it("embeds only the glyphs used: seven subset fonts in a small file", async () => {
    const pdf = await PDFDocument.load(bytes);
    const fontNames = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of("Type")) === PDFName.of("FontDescriptor"))
      .map((descriptor) => String(descriptor.get(PDFName.of("FontName"))).replace(/^\/|-\d+$/g, ""))
      .sort();
    expect(fontNames).toEqual([
      "NotoNaskhArabic",
      "NotoSans-Bold",
      "NotoSans-Regular",
      "NotoSansHans-Regular",
      "NotoSansHebrew",
      "NotoSansHebrew-Bold",
      "NotoSansKR-Regular",
    ]);
    // The Chinese font alone is 8 MB; its subset here is a few kilobytes.
    expect(bytes.length).toBeLessThan(150_000);
  });
});
