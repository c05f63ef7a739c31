import { type Font, create } from "fontkit";
import type { PDFDocument } from "pdf-lib";

/**
 * pdf-lib embeds custom fonts through a fontkit it is handed. Its own fork, @pdf-lib/fontkit
 * 1.1.1, writes broken subsets: TrueType glyphs go missing after a short `loca` table, and CFF
 * fonts (Noto Sans CJK) get an invalid header that poppler and FreeType reject, so the text
 * extracts fine but prints blank. Upstream fontkit 2 subsets both correctly; this adapter gives
 * it to pdf-lib.
 */
type PdfLibFontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type PdfLibFont = ReturnType<PdfLibFontkit["create"]>;

type StreamEvent = "data" | "end" | "error";

/** pdf-lib reads a subset through `encodeStream()`, which fontkit 2 replaced by `encode()`. */
function streamOf(encode: () => Uint8Array) {
  const listeners: Partial<Record<StreamEvent, (value?: unknown) => void>> = {};
  let scheduled = false;
  const stream = {
    on(event: StreamEvent, listener: (value?: unknown) => void) {
      listeners[event] = listener;
      if (!scheduled) {
        scheduled = true;
        // After pdf-lib has attached all its listeners, which it does in the same statement.
        queueMicrotask(() => {
          try {
            listeners.data?.(encode());
            listeners.end?.();
          } catch (error) {
            listeners.error?.(error);
          }
        });
      }
      return stream;
    },
  };
  return stream;
}

const parsedFonts = new WeakMap<Uint8Array, Font>();

/**
 * The font in `bytes`, parsed once: the same object answers which characters it covers and
 * is what pdf-lib embeds, so a font file is parsed once per process, not once per PDF.
 */
export function parseFont(bytes: Buffer): Font {
  const cached = parsedFonts.get(bytes);
  if (cached) return cached;
  const parsed = create(bytes);
  if (!("layout" in parsed)) throw new Error("A font collection cannot be embedded; name one of its fonts");
  const createSubset = parsed.createSubset.bind(parsed);
  parsed.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, { encodeStream: () => streamOf(() => subset.encode()) });
  };
  parsedFonts.set(bytes, parsed);
  return parsed;
}

/** Hand this to `PDFDocument.registerFontkit`. */
export const fontkitForPdfLib: PdfLibFontkit = {
  create: (bytes) => parseFont(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes)) as unknown as PdfLibFont,
};
