/**
 * The smallest files `file-type` takes for videos: a WebM's EBML header and an MP4's `ftyp` box,
 * with `tag` bytes after them so that two fixtures can differ. Tests of what the portal does with
 * a video file (sniff, store, link) need no frames.
 */

export function tinyWebm(tag = "webm fixture"): Buffer {
  const docType = Buffer.from("webm");
  const header = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), docType]);
  // EBML header, then an empty Segment element, then the tag as a Void element's payload.
  const tagBytes = Buffer.from(tag);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header, Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80]), Buffer.from([0xec, 0x80 | tagBytes.length]), tagBytes]);
}

export function tinyMp4(tag = "mp4 fixture"): Buffer {
  const tagBytes = Buffer.from(tag);
  const free = Buffer.alloc(8);
  free.writeUInt32BE(8 + tagBytes.length, 0);
  free.write("free", 4, "latin1");
  return Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2"), free, tagBytes]);
}

/** The 8-byte signature and header chunk of a PNG: an image, never a video. */
export const TINY_PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
