/**
 * What the NDA's PDF says, apart from how it is drawn: the renderer (nda-pdf.ts) lays this out
 * in fonts for every script (server/lib/pdf/), and tests check the words here without a PDF.
 */

export interface NdaDocumentInput {
  ndaId: string;
  organizationName: string;
  templateVersion: number;
  title: string;
  body: string;
  member: { name: string; title: string; email: string; signedAt: Date };
  /** Null until an employee countersigns. */
  provider: { name: string; title: string; signedAt: Date } | null;
  /** When this rendering was made. */
  renderedAt: Date;
}

export interface SignatureBlock {
  heading: string;
  lines: string[];
}

export interface NdaDocumentContent {
  /** The PDF's metadata title and the download name's stem. */
  documentTitle: string;
  title: string;
  /** Paragraphs of the agreement; each is a list of hard lines (the text's own line breaks). */
  paragraphs: string[][];
  signatures: SignatureBlock[];
  /** The signing record: label and value. */
  record: [string, string][];
}

export const AWAITING_COUNTERSIGNATURE = "Awaiting countersignature";

/** "Mutual NDA - {organization}": the PDF's title and its download name's stem. */
export function ndaDocumentTitle(organizationName: string): string {
  return `Mutual NDA - ${organizationName}`;
}

/** "2026-03-01 14:05 UTC": unambiguous wherever the PDF is read. */
export function formatPdfTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The agreement's text as paragraphs (blank lines between) of hard lines; tabs become spaces. */
export function splitParagraphs(body: string): string[][] {
  return body
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, "    ")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, "").split("\n").map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ""));
}

export function buildNdaDocumentContent(input: NdaDocumentInput): NdaDocumentContent {
  const { member, provider } = input;
  const customerLines = [
    `Organization: ${input.organizationName}`,
    `Signed by: ${member.name}`,
    `Title: ${member.title}`,
    `Email: ${member.email}`,
    `Date: ${formatPdfTimestamp(member.signedAt)}`,
  ];
  const providerLines = provider
    ? [`Signed by: ${provider.name}`, `Title: ${provider.title}`, `Date: ${formatPdfTimestamp(provider.signedAt)}`]
    : [AWAITING_COUNTERSIGNATURE];
  return {
    documentTitle: ndaDocumentTitle(input.organizationName),
    title: input.title,
    paragraphs: splitParagraphs(input.body),
    signatures: [
      { heading: "Customer", lines: customerLines },
      { heading: "Provider", lines: providerLines },
    ],
    record: [
      ["NDA id", input.ndaId],
      ["Template version", String(input.templateVersion)],
      ["Signed by the customer", formatPdfTimestamp(member.signedAt)],
      ["Countersigned by the provider", provider ? formatPdfTimestamp(provider.signedAt) : AWAITING_COUNTERSIGNATURE],
      ["Document generated", formatPdfTimestamp(input.renderedAt)],
    ],
  };
}
