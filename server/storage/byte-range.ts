import type { ByteRange } from "./storage.ts";

/**
 * Reads a Range header (RFC 9110 §14) against an object of `size` bytes: one range of bytes
 * ("bytes=0-99", "bytes=100-", "bytes=-500") answers those bytes, clamped to the object; a range
 * that starts past its end is unsatisfiable (416). Anything else — no header, another unit,
 * several ranges, bad syntax — is ignored and the whole object is sent, as the RFC allows.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
