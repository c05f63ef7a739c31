import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Unzipped, unzipSync, zipSync } from "fflate";
import { AppError } from "#server/lib/app-error";
import { CURRICULUM_MANIFEST_FILE, type Curriculum } from "./curriculum-manifest.ts";
import { serializeCurriculumManifest } from "./write-curriculum-folder.ts";

/** What a curriculum folder may hold: the manifest and Markdown bodies (a video stays a link). */
const ALLOWED_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*\.(?:ya?ml|md)$/;
const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
const MAX_FILES = 20_000;

/** The curriculum's folder as a zip: the manifest and one Markdown file per body. */
export function packCurriculum(curriculum: Curriculum): Uint8Array {
  const encoder = new TextEncoder();
  const files: Record<string, Uint8Array> = { [CURRICULUM_MANIFEST_FILE]: encoder.encode(serializeCurriculumManifest(curriculum)) };
  for (const topic of curriculum.topics) {
    if (topic.body_markdown === null) continue;
    files[topic.body ?? `topics/${topic.key}.md`] = encoder.encode(topic.body_markdown);
  }
  return zipSync(files, { level: 6 });
}

function unpack(bytes: Uint8Array): Unzipped {
  let unpacked = 0;
  let entries = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        unpacked += file.originalSize;
        if (entries > MAX_FILES || unpacked > MAX_UNPACKED_BYTES) throw new AppError("payload_too_large", "The zip unpacks to more than a curriculum can hold (50 MiB, 20,000 files)");
        return !file.name.endsWith("/");
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", "The file is not a readable zip");
  }
}

/**
 * Unpacks an uploaded zip into a new temporary folder and answers the folder holding the
 * manifest (the zip's root, or its one top folder when the folder itself was zipped). Only
 * manifests and Markdown files are written; names that could leave the folder are refused.
 * The caller removes `root` when done.
 */
export async function unpackCurriculumZip(bytes: Uint8Array): Promise<{ root: string; folder: string }> {
  const files = unpack(bytes);
  const names = Object.keys(files).filter((name) => !name.startsWith("__MACOSX/") && !path.posix.basename(name).startsWith("."));
  const manifests = names.filter((name) => path.posix.basename(name) === CURRICULUM_MANIFEST_FILE);
  const manifest = manifests.sort((a, b) => a.split("/").length - b.split("/").length)[0];
  if (!manifest) throw new AppError("validation_failed", `The zip holds no ${CURRICULUM_MANIFEST_FILE}`, [{ path: CURRICULUM_MANIFEST_FILE, message: "missing" }]);
  const prefix = manifest.slice(0, -CURRICULUM_MANIFEST_FILE.length);
  const root = await mkdtemp(path.join(tmpdir(), "portal-curriculum-"));
  try {
    for (const name of names) {
      if (!name.startsWith(prefix)) continue;
      const relative = name.slice(prefix.length);
      if (!ALLOWED_FILE.test(relative) || relative.split("/").some((part) => part === "..")) continue;
      const target = path.join(root, ...relative.split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, files[name]!);
    }
    return { root, folder: root };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}
