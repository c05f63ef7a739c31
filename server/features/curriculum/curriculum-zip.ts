import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { AppError } from "#server/lib/app-error";
import { describeByteCount } from "#server/storage/uploads";
import { CURRICULUM_MANIFEST_FILE, type Curriculum, SUPPORT_FAQ_FILE } from "./curriculum-manifest.ts";
import { type OpenVideo, serializeCurriculumManifest, videoFilesOf } from "./write-curriculum-folder.ts";
import { type ZipEntry, ZipFormatError, openZipEntry, readZipDirectory } from "./zip-directory.ts";

/** A name's folders and file: none starts with a dot (no "..", no hidden files); no backslash (nor control character, below). */
const SAFE_SEGMENT = /^[^./\\][^/\\]*$/;
const TEXT_FILE = /\.(?:ya?ml|md)$/i;
/** The manifest and the Markdown bodies together; video files have the upload limit each. */
const MAX_TEXT_BYTES = 50 * 1024 * 1024;
const MAX_FILES = 20_000;

async function* zipChunks(curriculum: Curriculum, openVideo: OpenVideo): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate's streaming zip calls back synchronously: each push's output is collected, then yielded.
  const zip = new Zip((error, chunk) => (error ? (failure = error) : out.push(chunk)));
  const encoder = new TextEncoder();
  const addText = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(encoder.encode(text), true);
  };
  addText(CURRICULUM_MANIFEST_FILE, serializeCurriculumManifest(curriculum));
  for (const topic of curriculum.topics) if (topic.body_markdown !== null) addText(topic.body ?? `topics/${topic.key}.md`, topic.body_markdown);
  if (curriculum.support_faq_markdown !== undefined) addText(SUPPORT_FAQ_FILE, curriculum.support_faq_markdown);
  yield* out.splice(0);
  for (const [name, video] of videoFilesOf(curriculum)) {
    const body = await openVideo(video);
    if (!body) throw new Error(`the stored video of ${name} (${video.sha256}) is missing`);
    // Videos are compressed already: stored as they are, streamed from storage.
    const file = new ZipPassThrough(name);
    zip.add(file);
    for await (const chunk of body) {
      file.push(chunk as Uint8Array);
      yield* out.splice(0);
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  yield* out.splice(0);
  if (failure) throw failure;
}

/** The curriculum's folder as a zip, streamed: the manifest, one Markdown file per body, and its video files. */
export function packCurriculum(curriculum: Curriculum, openVideo: OpenVideo): Readable {
  return Readable.from(zipChunks(curriculum, openVideo));
}

function isSafeName(name: string): boolean {
  const printable = [...name].every((character) => character.charCodeAt(0) >= 0x20 && character !== "\u007f");
  return printable && name.split("/").every((segment) => SAFE_SEGMENT.test(segment));
}

/** The entries a curriculum folder is unpacked from, within the limits; throws 413 past them. */
function checkLimits(entries: readonly ZipEntry[], maxFileBytes: number): void {
  const tooLarge = () => new AppError("payload_too_large", `The zip unpacks to more than a curriculum can hold (${MAX_FILES.toLocaleString("en-US")} files, ${describeByteCount(MAX_TEXT_BYTES)} of text, ${describeByteCount(maxFileBytes)} a file)`);
  if (entries.length > MAX_FILES) throw tooLarge();
  let text = 0;
  let total = 0;
  for (const entry of entries) {
    if (TEXT_FILE.test(entry.name)) text += entry.size;
    total += entry.size;
    // A zip is one upload (at most maxFileBytes) and videos do not compress: anything more is a zip bomb.
    if (entry.size > maxFileBytes || text > MAX_TEXT_BYTES || total > maxFileBytes + MAX_TEXT_BYTES) throw tooLarge();
  }
}

/**
 * Unpacks a zip on disk into a new temporary folder and answers the folder holding the manifest
 * (the zip's root, or its one top folder when the folder itself was zipped). Only entries beside
 * or below the manifest are written, and only names that cannot leave the folder. The caller
 * removes `root` when done.
 */
export async function unpackCurriculumZip(zipFile: string, limits: { maxFileBytes: number }): Promise<{ root: string; folder: string }> {
  const handle = await open(zipFile, "r");
  let root: string | null = null;
  try {
    const entries = (await readZipDirectory(handle)).filter(
      (entry) => !entry.name.endsWith("/") && !entry.name.startsWith("__MACOSX/") && !path.posix.basename(entry.name).startsWith("."),
    );
    const manifest = entries
      .map((entry) => entry.name)
      .filter((name) => path.posix.basename(name) === CURRICULUM_MANIFEST_FILE)
      .sort((a, b) => a.split("/").length - b.split("/").length)[0];
    if (!manifest) throw new AppError("validation_failed", `The zip holds no ${CURRICULUM_MANIFEST_FILE}`, [{ path: CURRICULUM_MANIFEST_FILE, message: "missing" }]);
    const prefix = manifest.slice(0, -CURRICULUM_MANIFEST_FILE.length);
    const wanted = entries.filter((entry) => entry.name.startsWith(prefix) && isSafeName(entry.name.slice(prefix.length)));
    checkLimits(wanted, limits.maxFileBytes);
    root = await mkdtemp(path.join(tmpdir(), "portal-curriculum-"));
    for (const entry of wanted) {
      const target = path.join(root, ...entry.name.slice(prefix.length).split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(await openZipEntry(handle, zipFile, entry), createWriteStream(target));
    }
    return { root, folder: root };
  } catch (error) {
    if (root) await rm(root, { recursive: true, force: true });
    if (error instanceof ZipFormatError) throw new AppError("bad_request", `The file is not a readable zip: ${error.message}`);
    throw error;
  } finally {
    await handle.close();
  }
}
