import { PDFDocument, rgb } from "pdf-lib";
import type { DecisionMakerDashboard } from "#common/contracts/decision-maker-dashboard";
import { DocumentFonts, drawableText } from "#server/lib/pdf/document-fonts";
import { MixedText } from "#server/lib/pdf/mixed-text";
import { buildBoardSummaryContent } from "./board-summary-content.ts";

// US Letter, in points.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const TITLE_SIZE = 18;
const HEADING_SIZE = 12;
const BODY_SIZE = 9.5;
const LINE_GAP = 4;
const SECTION_GAP = 12;
const TEXT_COLOR = rgb(0.1, 0.1, 0.1);
const MUTED_COLOR = rgb(0.4, 0.4, 0.4);

/**
 * The Decision-maker Dashboard as a one-page board summary. It is one page by design: a line
 * that would fall below the bottom margin is left out (the lists are short, and the page says the
 * dashboard has the rest). Text in any script prints as typed (decision 044).
 */
export async function renderBoardSummaryPdf(dashboard: DecisionMakerDashboard, now: Date): Promise<Uint8Array> {
  const content = buildBoardSummaryContent(dashboard, now.toISOString().slice(0, 10));
  const doc = await PDFDocument.create();
  const bodyLines = content.sections.flatMap((section) => section.lines);
  const text = new MixedText(
    await DocumentFonts.embed(doc, { regular: [content.subtitle, ...bodyLines], bold: [content.title, ...content.sections.map((section) => section.heading)] }),
  );
  doc.setTitle(drawableText(content.title));
  doc.setSubject("Board summary");
  doc.setCreator("Member Portal");
  doc.setProducer("Member Portal");
  doc.setCreationDate(now);
  doc.setModificationDate(now);

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const draw = (line: string, size: number, options: { bold?: boolean; color?: typeof TEXT_COLOR } = {}) => {
    const style = { size, weight: options.bold ? "bold" : "regular" } as const;
    const direction = text.direction(line);
    for (const wrapped of text.wrap(line, TEXT_WIDTH, style)) {
      if (y - (size + LINE_GAP) < MARGIN) return;
      y -= size + LINE_GAP;
      text.drawLine(page, wrapped, { ...style, x: MARGIN, y, color: options.color ?? TEXT_COLOR, direction, alignWidth: TEXT_WIDTH });
    }
  };

  draw(content.title, TITLE_SIZE, { bold: true });
  draw(content.subtitle, BODY_SIZE, { color: MUTED_COLOR });
  for (const section of content.sections) {
    y -= SECTION_GAP;
    draw(section.heading, HEADING_SIZE, { bold: true });
    for (const line of section.lines) draw(line, BODY_SIZE);
  }
  return doc.save();
}
