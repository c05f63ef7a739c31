import { createReadStream } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { Readable, pipeline } from "node:stream";
import { createInflateRaw } from "node:zlib";

/**
 * Reads a zip file on disk by its central directory, one entry at a time, so a zip of videos is
 * never held in memory. The central directory is the zip's own index: it has every entry's sizes
 * even when the entries were written by a streaming tool (sizes after the data), and needs no
 * guess about where an entry ends.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipFormatError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_COMMENT = 0xffff;
const ZIP64_EXTRA = 0x0001;
/** A directory larger than this is not a curriculum's (20,000 entries with long names fit easily). */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipFormatError("the zip is cut short");
  return buffer;
}

const u64 = (buffer: Buffer, at: number) => Number(buffer.readBigUInt64LE(at));

/** Where the central directory is and how many entries it has, zip64 included. */
async function findDirectory(handle: FileHandle, fileSize: number): Promise<{ offset: number; size: number; entries: number }> {
  const tailLength = Math.min(fileSize, 22 + MAX_COMMENT);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  let at = tail.length - 22;
  while (at >= 0 && tail.readUInt32LE(at) !== END_OF_DIRECTORY) at -= 1;
  if (at < 0) throw new ZipFormatError("the file is not a zip");
  let entries = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  const locatorAt = fileSize - tailLength + at - 20;
  if ((entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) && locatorAt >= 0) {
    const locator = await readAt(handle, locatorAt, 20);
    if (locator.readUInt32LE(0) === ZIP64_END_LOCATOR) {
      const record = await readAt(handle, u64(locator, 8), 56);
      if (record.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) throw new ZipFormatError("the zip's directory is damaged");
      entries = u64(record, 32);
      size = u64(record, 40);
      offset = u64(record, 48);
    }
  }
  if (size > MAX_DIRECTORY_BYTES || offset + size > fileSize) throw new ZipFormatError("the zip's directory is damaged or too large");
  return { offset, size, entries };
}

/** Sizes and offset that did not fit 32 bits are in the zip64 extra field, in this order. */
function applyZip64(entry: ZipEntry, extra: Buffer) {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        const value = field + 8 <= at + 4 + length ? u64(extra, field) : null;
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next() ?? entry.size;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next() ?? entry.localHeaderOffset;
      return;
    }
    at += 4 + length;
  }
}

/** Every entry of the zip, as its central directory lists them. */
export async function readZipDirectory(handle: FileHandle): Promise<ZipEntry[]> {
  const { size: fileSize } = await handle.stat();
  const directory = await findDirectory(handle, fileSize);
  const bytes = await readAt(handle, directory.offset, directory.size);
  const entries: ZipEntry[] = [];
  let at = 0;
  while (entries.length < directory.entries) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipFormatError("the zip's directory is damaged");
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.subarray(at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      // Bit 11: UTF-8 names; older tools wrote code page 437, whose ASCII part is all a curriculum's names use.
      name: name.toString(flags & 0x800 ? "utf8" : "latin1"),
      method: bytes.readUInt16LE(at + 10),
      encrypted: (flags & 1) === 1,
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    applyZip64(entry, bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function* checkedLength(body: AsyncIterable<Buffer>, entry: ZipEntry): AsyncGenerator<Buffer> {
  let produced = 0;
  for await (const chunk of body) {
    produced += chunk.length;
    // The directory's size is what the limits were checked against: a longer body is a zip bomb.
    if (produced > entry.size) throw new ZipFormatError(`${entry.name} unpacks to more than the zip says`);
    yield chunk;
  }
  if (produced !== entry.size) throw new ZipFormatError(`${entry.name} is damaged`);
}

/** The entry's bytes, unpacked; fails when they come out longer or shorter than the directory says. */
export async function openZipEntry(handle: FileHandle, file: string, entry: ZipEntry): Promise<Readable> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new ZipFormatError(`${entry.name} is encrypted or packed in a way the portal cannot read`);
  const header = await readAt(handle, entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipFormatError("the zip is damaged");
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const raw: Readable = entry.compressedSize === 0 ? Readable.from([]) : createReadStream(file, { start, end: start + entry.compressedSize - 1 });
  // pipeline passes an error of either stream on to the inflated one, which the reader sees.
  const body: Readable = entry.method === 8 ? pipeline(raw, createInflateRaw(), () => undefined) : raw;
  return Readable.from(checkedLength(body, entry));
}
