import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileTypeFromBuffer } from "file-type";
import { describeByteCount } from "#server/storage/uploads";
import type { TopicVideo } from "./curriculum-manifest.ts";

/**
 * The video types every browser's <video> plays, as sniffed from the bytes: a file's extension
 * says nothing about what it holds.
 */
export const CURRICULUM_VIDEO_TYPES: readonly string[] = ["video/mp4", "video/webm"];
/** The content library's default file limit (UPLOAD_MAX_BYTES); the server and the CLI pass the configured one. */
export const DEFAULT_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/** Enough of the start of a file for file-type's signatures (the uploads sniff as much). */
const SNIFF_BYTES = 16 * 1024;

export interface VideoFileRules {
  maxBytes: number;
  /** Where the file was looked for, as the messages name it. */
  source: "zip" | "folder";
}

/** A path a manifest may name: relative, "/" between folders, no ".." anywhere (even one that would come back). */
export function isPathInside(relative: string): boolean {
  if (relative.startsWith("/") || relative.includes("\\") || /^[A-Za-z]:/.test(relative)) return false;
  return relative.split("/").every((part) => part !== "..");
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * Checks a topic's `video_file` inside the curriculum folder `root` (a real path): it stays inside
 * (symbolic links included), exists, is within the size limit and is a video by its bytes. Answers
 * the video with its hash, or what is wrong with it (the caller names the topic and the file).
 */
export async function checkVideoFile(root: string, relative: string, rules: VideoFileRules): Promise<{ video: TopicVideo } | { problem: string }> {
  if (!isPathInside(relative)) return { problem: `leaves the curriculum ${rules.source}: name a file inside it, without ".." or a leading "/"` };
  let real: string;
  try {
    real = await realpath(path.resolve(root, relative));
  } catch {
    return { problem: `was not found in the ${rules.source}` };
  }
  if (!real.startsWith(`${root}${path.sep}`)) return { problem: `leaves the curriculum ${rules.source} (it links to a file outside it)` };
  const info = await stat(real);
  if (!info.isFile()) return { problem: `was not found in the ${rules.source}` };
  if (info.size === 0) return { problem: "is empty" };
  if (info.size > rules.maxBytes) return { problem: `is larger than the limit of ${describeByteCount(rules.maxBytes)}` };
  const detected = (await fileTypeFromBuffer(await readHead(real)))?.mime;
  if (!detected || !CURRICULUM_VIDEO_TYPES.includes(detected)) {
    return { problem: `is not an MP4 or WebM video (its bytes are ${detected ?? "of no known type"})` };
  }
  return { video: { sha256: await sha256Of(real), size: info.size, content_type: detected, source_path: real } };
}
