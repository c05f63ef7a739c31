import { type Color, PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { DocumentFonts, drawableText } from "#server/lib/pdf/document-fonts";
import type { FontWeight } from "#server/lib/pdf/font-files";
import { MixedText } from "#server/lib/pdf/mixed-text";
import { type NdaDocumentContent, type NdaDocumentInput, buildNdaDocumentContent } from "./nda-pdf-content.ts";

// US Letter, in points.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 64;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 36;

const TITLE_SIZE = 16;
const HEADING_SIZE = 12;
const BODY_SIZE = 10;
const FOOTER_SIZE = 8;
const LINE_GAP = 4;
const PARAGRAPH_GAP = 8;

const TEXT_COLOR = rgb(0.1, 0.1, 0.1);
const MUTED_COLOR = rgb(0.4, 0.4, 0.4);

const SIGNATURES_HEADING = "Signatures";
const RECORD_HEADING = "Signing record";

const recordLines = (content: NdaDocumentContent) => content.record.map(([label, value]) => `${label}: ${value}`);

/** Every text the PDF draws, by weight: the fonts embedded are those these need. */
function textsByWeight(content: NdaDocumentContent): Record<FontWeight, string[]> {
  return {
    regular: [...content.paragraphs.flat(), ...content.signatures.flatMap((block) => block.lines), ...recordLines(content), content.documentTitle],
    bold: [content.title, SIGNATURES_HEADING, RECORD_HEADING, ...content.signatures.map((block) => block.heading)],
  };
}

/** Draws lines top to bottom, starting a new page whenever the next line would not fit. */
class PageWriter {
  private page: PDFPage;
  private y = PAGE_HEIGHT - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly text: MixedText,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }

  /** Space left on the current page above the bottom margin. */
  remaining(): number {
    return this.y - MARGIN;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /**
   * Wraps and draws one paragraph (its hard lines kept), then leaves `gapAfter` below it. A
   * right-to-left line (Hebrew, Arabic) is set flush right, its wrapped lines too.
   */
  paragraph(lines: readonly string[], options: { size: number; bold?: boolean; gapAfter?: number; color?: Color }): void {
    const style = { size: options.size, weight: options.bold ? "bold" : "regular" } as const;
    const lineHeight = options.size + LINE_GAP;
    for (const line of lines) {
      const direction = this.text.direction(line);
      for (const wrapped of this.text.wrap(line, TEXT_WIDTH, style)) {
        if (this.y - lineHeight < MARGIN) this.newPage();
        this.y -= lineHeight;
        this.text.drawLine(this.page, wrapped, { ...style, x: MARGIN, y: this.y, color: options.color ?? TEXT_COLOR, direction, alignWidth: TEXT_WIDTH });
      }
    }
    this.y -= options.gapAfter ?? 0;
  }
}

/** The line height a block of `lines` lines of `size` needs. */
const blockHeight = (lines: number, size: number) => lines * (size + LINE_GAP);

/**
 * The NDA as a PDF: title, the agreement wrapped over as many pages as it needs, the signatures
 * (the provider's, or "Awaiting countersignature") and the signing record, with page numbers.
 * Names and text in any script print as typed (decision 044).
 */
export async function renderNdaPdf(input: NdaDocumentInput): Promise<Uint8Array> {
  const content = buildNdaDocumentContent(input);
  const doc = await PDFDocument.create();
  const text = new MixedText(await DocumentFonts.embed(doc, textsByWeight(content)));
  const writer = new PageWriter(doc, text);

  doc.setTitle(drawableText(content.documentTitle));
  doc.setSubject("Mutual non-disclosure agreement");
  doc.setCreator("Member Portal");
  doc.setProducer("Member Portal");
  doc.setCreationDate(input.renderedAt);
  doc.setModificationDate(input.renderedAt);

  writer.paragraph([content.title], { size: TITLE_SIZE, bold: true, gapAfter: PARAGRAPH_GAP * 2 });
  for (const paragraph of content.paragraphs) writer.paragraph(paragraph, { size: BODY_SIZE, gapAfter: PARAGRAPH_GAP });

  // The signatures stay together on one page, after the text.
  const signaturesHeight =
    blockHeight(1, HEADING_SIZE) + content.signatures.reduce((sum, block) => sum + blockHeight(1 + block.lines.length, BODY_SIZE) + PARAGRAPH_GAP, 0);
  if (writer.remaining() < signaturesHeight + PARAGRAPH_GAP * 2) writer.newPage();
  else writer.paragraph([""], { size: BODY_SIZE });
  writer.paragraph([SIGNATURES_HEADING], { size: HEADING_SIZE, bold: true, gapAfter: PARAGRAPH_GAP });
  for (const block of content.signatures) {
    writer.paragraph([block.heading], { size: BODY_SIZE, bold: true });
    writer.paragraph(block.lines, { size: BODY_SIZE, gapAfter: PARAGRAPH_GAP });
  }

  if (writer.remaining() < blockHeight(1 + content.record.length, BODY_SIZE) + PARAGRAPH_GAP) writer.newPage();
  writer.paragraph([RECORD_HEADING], { size: HEADING_SIZE, bold: true, gapAfter: PARAGRAPH_GAP });
  writer.paragraph(recordLines(content), { size: BODY_SIZE, color: MUTED_COLOR });

  const pages = doc.getPages();
  const footer = { size: FOOTER_SIZE, y: FOOTER_Y, color: MUTED_COLOR };
  pages.forEach((page, index) => {
    const pageLabel = `Page ${index + 1} of ${pages.length}`;
    const labelWidth = text.width(pageLabel, footer);
    // A long organization name is cut so that the page number always shows.
    const stem = text.wrap(content.documentTitle, TEXT_WIDTH - labelWidth - 12, footer)[0] ?? "";
    text.drawLine(page, stem, { ...footer, x: MARGIN });
    text.drawLine(page, pageLabel, { ...footer, x: PAGE_WIDTH - MARGIN - labelWidth, direction: "ltr" });
  });
  return doc.save();
}
