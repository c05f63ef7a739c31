import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { tinyWebm } from "#tests/video-fixtures";
import type { Curriculum } from "./curriculum-manifest.ts";
import { packCurriculum, unpackCurriculumZip } from "./curriculum-zip.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "curriculum-zip-"));
  folders.push(folder);
  return folder;
}

async function unpack(zip: Uint8Array | Readable, maxFileBytes = 1024 * 1024) {
  const file = path.join(await tempFolder(), "upload.zip");
  await pipeline(zip instanceof Readable ? zip : Readable.from([zip]), createWriteStream(file));
  const unpacked = await unpackCurriculumZip(file, { maxFileBytes });
  folders.push(unpacked.root);
  return unpacked;
}

async function filesUnder(folder: string): Promise<string[]> {
  return (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("unpackCurriculumZip", () => {
  it("writes what is beside and below the manifest, never a name that could leave the folder or a hidden one", async () => {
    const zip = zipSync({
      "launch-plan/curriculum.yaml": strToU8("milestones: []\n"),
      "launch-plan/topics/a.md": strToU8("# A"),
      "launch-plan/videos/close the books.webm": tinyWebm(),
      "launch-plan/../escape.md": strToU8("out"),
      "launch-plan/videos/../../escape.webm": strToU8("out"),
      "launch-plan/.hidden": strToU8("no"),
      "__MACOSX/launch-plan/._a.md": strToU8("no"),
      "elsewhere.md": strToU8("not the curriculum's"),
    });
    const { root, folder } = await unpack(zip);
    expect(folder).toBe(root);
    expect(await filesUnder(root)).toEqual(["curriculum.yaml", "topics/a.md", "videos/close the books.webm"]);
    expect(await readFile(path.join(root, "videos/close the books.webm"))).toEqual(tinyWebm());
  });

  it("refuses a file over the limit, by the zip's own directory, before writing anything", async () => {
    const zip = zipSync({ "curriculum.yaml": strToU8("milestones: []\n"), "videos/big.webm": new Uint8Array(2048) });
    await expect(unpack(zip, 1024)).rejects.toMatchObject({ code: "payload_too_large" });
  });

  it("refuses what is not a zip, and a zip without a manifest", async () => {
    await expect(unpack(strToU8("just text, no zip"))).rejects.toMatchObject({ code: "bad_request", message: expect.stringMatching(/^The file is not a readable zip/) });
    await expect(unpack(zipSync({ "readme.md": strToU8("# nothing") }))).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("reads back the streamed export: sizes written after each file's data, videos stored as they are", async () => {
    const video = tinyWebm("exported");
    const curriculum: Curriculum = {
      milestones: [],
      courses: [],
      lessons: [],
      topics: [
        { key: "intro", title: "Intro", type: "video", video_file: "videos/intro.webm", questions: [], body_markdown: null, video: { sha256: "a".repeat(64), size: video.length, content_type: "video/webm", source_path: null } },
        { key: "notes", title: "Notes", type: "reading", body: "topics/notes.md", questions: [], body_markdown: "# Notes\n" },
      ],
      configuration_questions: [],
    };
    const { root } = await unpack(packCurriculum(curriculum, async () => Readable.from([video.subarray(0, 5), video.subarray(5)])));
    expect(await filesUnder(root)).toEqual(["curriculum.yaml", "topics/notes.md", "videos/intro.webm"]);
    expect(await readFile(path.join(root, "videos/intro.webm"))).toEqual(video);
    expect(await readFile(path.join(root, "topics/notes.md"), "utf8")).toBe("# Notes\n");
  });
});
