import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "pdf-lib";
import { type NdaDocumentInput, buildNdaDocumentContent, toDrawableText, wrapText } from "./nda-pdf-content.ts";

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

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws lines top to bottom, starting a new page whenever the next line would not fit. */
class PageWriter {
  private page: PDFPage;
  private y = PAGE_HEIGHT - MARGIN;
  private readonly supported: ReadonlySet<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.supported = new Set(fonts.regular.getCharacterSet());
  }

  drawable(text: string): string {
    return toDrawableText(text, this.supported);
  }

  /** Space left on the current page above the bottom margin. */
  remaining(): number {
    return this.y - MARGIN;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Wraps and draws one paragraph (its hard lines kept), then leaves `gapAfter` below it. */
  paragraph(lines: readonly string[], options: { size: number; bold?: boolean; gapAfter?: number; color?: typeof TEXT_COLOR }): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const measure = (text: string) => font.widthOfTextAtSize(text, options.size);
    const lineHeight = options.size + LINE_GAP;
    for (const line of lines) {
      for (const wrapped of wrapText(this.drawable(line), TEXT_WIDTH, measure)) {
        if (this.y - lineHeight < MARGIN) this.newPage();
        this.y -= lineHeight;
        this.page.drawText(wrapped, { x: MARGIN, y: this.y, size: options.size, font, color: options.color ?? TEXT_COLOR });
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
 */
export async function renderNdaPdf(input: NdaDocumentInput): Promise<Uint8Array> {
  const content = buildNdaDocumentContent(input);
  const doc = await PDFDocument.create();
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const writer = new PageWriter(doc, fonts);

  doc.setTitle(writer.drawable(content.documentTitle));
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
  writer.paragraph(["Signatures"], { size: HEADING_SIZE, bold: true, gapAfter: PARAGRAPH_GAP });
  for (const block of content.signatures) {
    writer.paragraph([block.heading], { size: BODY_SIZE, bold: true });
    writer.paragraph(block.lines, { size: BODY_SIZE, gapAfter: PARAGRAPH_GAP });
  }

  if (writer.remaining() < blockHeight(1 + content.record.length, BODY_SIZE) + PARAGRAPH_GAP) writer.newPage();
  writer.paragraph(["Signing record"], { size: HEADING_SIZE, bold: true, gapAfter: PARAGRAPH_GAP });
  writer.paragraph(
    content.record.map(([label, value]) => `${label}: ${value}`),
    { size: BODY_SIZE, color: MUTED_COLOR },
  );

  const pages = doc.getPages();
  const footerStem = writer.drawable(content.documentTitle);
  const measureFooter = (text: string) => fonts.regular.widthOfTextAtSize(text, FOOTER_SIZE);
  pages.forEach((page, index) => {
    const pageLabel = `Page ${index + 1} of ${pages.length}`;
    const labelWidth = measureFooter(pageLabel);
    // A long organization name is cut so that the page number always shows.
    const stem = wrapText(footerStem, TEXT_WIDTH - labelWidth - 12, measureFooter)[0] ?? "";
    const style = { y: FOOTER_Y, size: FOOTER_SIZE, font: fonts.regular, color: MUTED_COLOR };
    page.drawText(stem, { ...style, x: MARGIN });
    page.drawText(pageLabel, { ...style, x: PAGE_WIDTH - MARGIN - labelWidth });
  });
  return doc.save();
}
