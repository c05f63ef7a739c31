import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileTypeFromBuffer } from "file-type";
import type { Context } from "hono";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import type { Storage } from "./storage.ts";

/** Enough of the start of a file for file-type's signatures, ZIP-based office formats included. */
const SNIFF_BYTES = 16 * 1024;
const TEXT_TYPE = "text/plain";
const BINARY_TYPE = "application/octet-stream";

export interface UploadRules {
  /** Larger bodies are refused with 413 payload_too_large, and nothing is stored. */
  maxBytes: number;
  /**
   * Types to accept, as sniffed from the bytes ("application/pdf", "image/png", "video/webm";
   * "text/plain" for UTF-8 text), or "any" to store anything under its sniffed type.
   */
  accept: readonly string[] | "any";
}

/** A body to store, with the type the server determined. */
export interface Upload {
  body: Buffer | Readable;
  contentType: string;
}

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
}

/** A size limit in the largest whole unit: "30 MiB", "64 KiB", "1000 bytes". */
export function describeByteCount(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes.toLocaleString("en-US")} bytes`;
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError("payload_too_large", `The file is larger than the limit of ${describeByteCount(maxBytes)}`);
}

/** Passes the chunks on, failing with 413 as soon as they add up to more than the limit. */
export async function* limitBytes(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

async function readHead(chunks: AsyncIterator<Buffer>, bytes: number): Promise<Buffer> {
  const head: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(head);
}

function looksLikeText(bytes: Uint8Array): boolean {
  try {
    // stream: true forgives a character cut in two at the end of the sample.
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return false;
  }
  return !bytes.some((byte) => (byte < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(byte)) || byte === 0x7f);
}

/** The content type the bytes show: file-type's signatures, else UTF-8 text, else binary. */
export async function sniffContentType(head: Uint8Array): Promise<string> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  return looksLikeText(head) ? TEXT_TYPE : BINARY_TYPE;
}

/**
 * Reads a request's raw body as a file upload, without buffering it: refused with 413 when
 * Content-Length or the bytes themselves exceed the limit, with 415 when the sniffed type is not
 * accepted; the client's Content-Type is ignored. The body streams on into storage, which stores
 * nothing if the limit is crossed on the way. The route must not also be under the 1 MiB JSON
 * body limit of /api/* (decision 014).
 */
export async function readUpload(c: Context<AppEnv>, rules: UploadRules): Promise<Upload> {
  const declared = Number(c.req.header("content-length"));
  if (declared > rules.maxBytes) throw tooLarge(rules.maxBytes);
  const source = c.req.raw.body;
  if (!source) throw new AppError("bad_request", "Send the file as the request body");
  const chunks = limitBytes(Readable.fromWeb(source as NodeReadableStream<Uint8Array>), rules.maxBytes);
  const head = await readHead(chunks, SNIFF_BYTES);
  if (head.length === 0) throw new AppError("bad_request", "The file is empty");

  const contentType = await sniffContentType(head);
  if (rules.accept !== "any" && !rules.accept.includes(contentType)) {
    await chunks.return(undefined); // stops reading the request body
    throw new AppError("unsupported_media_type", `This type of file is not accepted (${contentType})`, {
      detected: contentType,
      accepted: rules.accept,
    });
  }
  async function* wholeBody(): AsyncGenerator<Buffer> {
    yield head;
    yield* chunks;
  }
  return { body: Readable.from(wholeBody()), contentType };
}

/**
 * Stores the file, then inserts its database record. When the insert fails the stored file is
 * removed again, so that no file is left that no record points to; the insert's error is rethrown.
 */
export async function storeThenRecord<T>(
  storage: Storage,
  key: string,
  upload: Upload,
  insertRecord: (stored: StoredFile) => Promise<T>,
): Promise<T> {
  const { size } = await storage.put(key, upload.body, upload.contentType);
  try {
    return await insertRecord({ key, size, contentType: upload.contentType });
  } catch (error) {
    // A failed removal is logged by the driver; the caller answers for the insert's error.
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
}
