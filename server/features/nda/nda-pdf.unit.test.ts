import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { DEFAULT_NDA_TEMPLATE } from "./default-nda-template.ts";
import { AWAITING_COUNTERSIGNATURE, type NdaDocumentInput, buildNdaDocumentContent, splitParagraphs } from "./nda-pdf-content.ts";
import { renderNdaPdf } from "./nda-pdf.ts";

const SIGNED_AT = new Date("2026-03-01T14:05:09Z");
const COUNTERSIGNED_AT = new Date("2026-03-02T09:30:00Z");

function input(overrides: Partial<NdaDocumentInput> = {}): NdaDocumentInput {
  return {
    ndaId: "8f0c2a4e-1111-4a4a-9a9a-000000000001",
    organizationName: "Acme Widgets",
    templateVersion: 3,
    title: DEFAULT_NDA_TEMPLATE.title,
    body: DEFAULT_NDA_TEMPLATE.body,
    member: { name: "Ana Lima", title: "Chief Financial Officer", email: "ana@acme.example", signedAt: SIGNED_AT },
    provider: null,
    renderedAt: SIGNED_AT,
    ...overrides,
  };
}

describe("buildNdaDocumentContent", () => {
  it("holds the title, the text, both signature blocks and the signing record", () => {
    const content = buildNdaDocumentContent(input());
    expect(content.documentTitle).toBe("Mutual NDA - Acme Widgets");
    expect(content.title).toBe("Mutual Non-Disclosure Agreement");
    expect(content.paragraphs.length).toBeGreaterThan(10);
    expect(content.paragraphs[1]?.[0]).toMatch(/^1\. Purpose\./);
    expect(content.signatures).toEqual([
      {
        heading: "Customer",
        lines: [
          "Organization: Acme Widgets",
          "Signed by: Ana Lima",
          "Title: Chief Financial Officer",
          "Email: ana@acme.example",
          "Date: 2026-03-01 14:05 UTC",
        ],
      },
      { heading: "Provider", lines: [AWAITING_COUNTERSIGNATURE] },
    ]);
    expect(content.record).toEqual([
      ["NDA id", "8f0c2a4e-1111-4a4a-9a9a-000000000001"],
      ["Template version", "3"],
      ["Signed by the customer", "2026-03-01 14:05 UTC"],
      ["Countersigned by the provider", AWAITING_COUNTERSIGNATURE],
      ["Document generated", "2026-03-01 14:05 UTC"],
    ]);
  });

  it("shows the provider's signature once countersigned", () => {
    const content = buildNdaDocumentContent(
      input({ provider: { name: "Ben Ode", title: "Account Executive", signedAt: COUNTERSIGNED_AT }, renderedAt: COUNTERSIGNED_AT }),
    );
    expect(content.signatures[1]).toEqual({
      heading: "Provider",
      lines: ["Signed by: Ben Ode", "Title: Account Executive", "Date: 2026-03-02 09:30 UTC"],
    });
    expect(content.record).toContainEqual(["Countersigned by the provider", "2026-03-02 09:30 UTC"]);
  });
});

describe("splitParagraphs", () => {
  it("splits paragraphs at blank lines and keeps hard line breaks", () => {
    expect(splitParagraphs("One\r\ntwo\n\n\n  \nThree\tfour\n")).toEqual([["One", "two"], ["Three    four"]]);
  });
});

describe("renderNdaPdf", () => {
  it("renders a PDF that pdf-lib reads back, with its title and pages", async () => {
    const bytes = await renderNdaPdf(input());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe("Mutual NDA - Acme Widgets");
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(pdf.getCreationDate()?.toISOString()).toBe(SIGNED_AT.toISOString());
  });

  it("spreads a long text over more pages", async () => {
    const short = await PDFDocument.load(await renderNdaPdf(input({ body: "Short text." })));
    const long = await PDFDocument.load(await renderNdaPdf(input({ body: Array.from({ length: 400 }, (_, i) => `Clause ${i}.`).join("\n\n") })));
    expect(short.getPageCount()).toBe(1);
    expect(long.getPageCount()).toBeGreaterThan(5);
  });

  it("renders any text the users typed, whatever its characters", async () => {
    const odd = "名前 👩‍👩‍👧‍👦 \u202eevil \ud800 <script> ' OR 1=1 --";
    const bytes = await renderNdaPdf(
      input({ organizationName: `${odd} ${"y".repeat(200)}`, title: odd, body: `${odd}\n\n${"z".repeat(5_000)}`, member: { ...input().member, name: odd } }),
    );
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
  });
});
