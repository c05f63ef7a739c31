import type { Readable } from "node:stream";

export interface CountedBody {
  chunks: AsyncIterable<Buffer>;
  /** Bytes that went through so far; the whole size once `chunks` is drained. */
  size(): number;
  /** What the source failed with, if it did: the error to report rather than a driver's follow-up error. */
  failure(): unknown;
}

/**
 * Counts a body's bytes as a driver streams it. An error of the source (an upload over its limit,
 * a client gone) rejects the driver's write, which then stores nothing.
 */
export function countBytes(body: Buffer | Readable): CountedBody {
  let size = 0;
  let failure: unknown;
  async function* chunks(): AsyncGenerator<Buffer> {
    if (Buffer.isBuffer(body)) {
      size = body.length;
      yield body;
      return;
    }
    try {
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        yield bytes;
      }
    } catch (error) {
      failure = error;
      throw error;
    }
  }
  return { chunks: chunks(), size: () => size, failure: () => failure };
}
