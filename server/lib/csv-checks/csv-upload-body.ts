import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { AppError } from "#server/lib/app-error";

/**
 * The two checks every streamed CSV upload makes before reading a row (the migration workbench's
 * files, Container Management's open containers): the declared type, and a body that may break off.
 */

/** Refuses (415) a declared type other than the route's CSV types; no type at all is let through to the content checks. */
export function requireCsvContentType(contentType: string | undefined, accepted: readonly string[]): void {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "" && !accepted.includes(type)) {
    throw new AppError("unsupported_media_type", "Upload the file as CSV (text/csv)", { detected: type, accepted });
  }
}

/** The request body's chunks; a body that breaks off (client gone, connection reset) is a clear 400 saying nothing was `done`. */
export async function* readUploadBody(body: ReadableStream<Uint8Array> | null, done: string): AsyncGenerator<Uint8Array> {
  if (!body) return;
  try {
    yield* Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  } catch {
    throw new AppError("bad_request", `The upload broke off before the end of the file; nothing was ${done}. Try again.`);
  }
}
