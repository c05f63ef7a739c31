import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { curriculumVideoFiles, topics } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { completeLaunchpad } from "#tests/launch-plan-test-kit";
import { TEST_ORIGIN, createTestLogger, createTestRuntime, testEngine } from "#tests/test-runtime";
import { TINY_PNG, tinyMp4, tinyWebm } from "#tests/video-fixtures";
import type { Curriculum } from "./curriculum-manifest.ts";
import { checkVideoFile } from "./curriculum-video-check.ts";
import { DEFAULT_CURRICULUM_FOLDER } from "./curriculum-seed.ts";
import { importCurriculum } from "./import-curriculum.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";
import { serializeCurriculumManifest } from "./write-curriculum-folder.ts";

// Imports that succeed change the one curriculum every test reads: on PGlite this file gets a
// database and a storage folder of its own; PostgreSQL has one test database (the reader's
// refusals are unit tests, run on no database at all).

const WEBM = tinyWebm("close the books, take one");
const MP4 = tinyMp4("close the books, take two");
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let runtime: Runtime;
let storageDir: string;
let defaults: Curriculum;
let employee: TestUser;
let member: TestUser;

beforeAll(async () => {
  if (testEngine() === "postgres") return;
  storageDir = await mkdtemp(path.join(tmpdir(), "portal-curriculum-videos-"));
  runtime = await createTestRuntime({ STORAGE_DIR: storageDir }, { freshDatabase: true });
  const read = await readCurriculumFolder(fileURLToPath(DEFAULT_CURRICULUM_FOLDER));
  if (!read.curriculum) throw new Error("the default curriculum does not read");
  defaults = read.curriculum;
  employee = await buildUser(runtime, { isEmployee: true });
  const built = await buildMemberOrganization(runtime);
  await completeLaunchpad(runtime, built.organization.id);
  member = built.member;
});
afterAll(async () => {
  await runtime?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

/** The default curriculum with a milestone → course → lesson → topics, each `[key, title, video_file]`. */
function withVideos(videos: [key: string, title: string, file: string][]): Curriculum {
  const keys = videos.map(([key]) => key);
  return {
    ...defaults,
    milestones: [...defaults.milestones, { key: "month-end", title: "Month-end", goals: [], prerequisites: [], modules: [], courses: ["closing"] }],
    courses: [...defaults.courses, { key: "closing", title: "Closing", modules: [], sidebar: true, lessons: ["close"] }],
    lessons: [...defaults.lessons, { key: "close", title: "Close", topics: keys, questions: [] }],
    topics: [...defaults.topics, ...videos.map(([key, title, file]) => ({ key, title, type: "video" as const, video_file: file, questions: [], body_markdown: null }))],
  };
}

/** A curriculum folder's files: the manifest, the Markdown bodies (the support FAQ's too) and `extra` (videos and the like). */
function folderFiles(curriculum: Curriculum, extra: Record<string, Buffer>): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = { "curriculum.yaml": strToU8(serializeCurriculumManifest(curriculum)) };
  for (const topic of curriculum.topics) if (topic.body && topic.body_markdown) files[topic.body] = strToU8(topic.body_markdown);
  if (curriculum.support_faq_markdown !== undefined) files["support-faq.md"] = strToU8(curriculum.support_faq_markdown);
  return { ...files, ...extra };
}

const upload = (zip: Uint8Array) =>
  runtime.app.request("/api/curriculum/import", {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie: employee.cookie, "x-forwarded-for": employee.ip, "content-type": "application/zip" },
    body: new Uint8Array(zip),
  });

const storedVideos = async () => (await readdir(path.join(storageDir, "curriculum-videos")).catch(() => [])).filter((name) => name.endsWith(".data")).sort();

async function topicVideo(key: string): Promise<{ id: string; url: string | null }> {
  const [topic] = await runtime.database.db.select({ id: topics.id }).from(topics).where(eq(topics.key, key));
  const detail = await (await call(runtime, `/api/launch-plan/topics/${topic!.id}`, { as: member })).json();
  return { id: topic!.id, url: detail.video_file_url };
}

/** The file behind a topic's signed link, as the browser's <video> gets it. */
async function play(url: string): Promise<Response> {
  const link = new URL(url, TEST_ORIGIN);
  return runtime.app.request(`${link.pathname}${link.search}`, { headers: { "x-forwarded-for": member.ip } });
}

describe.skipIf(testEngine() === "postgres")("a curriculum's video files", () => {
  it("are imported from a zip into the portal's storage and play from the portal", async () => {
    const files = folderFiles(withVideos([["close-the-books", "Close the books", "videos/close.webm"]]), { "videos/close.webm": WEBM });
    // Zipped as the folder itself, as a file manager does: everything under one top folder.
    const imported = await upload(zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`launch-plan/${name}`, bytes]))));
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await imported.json()).toMatchObject({ topics: defaults.topics.length + 1, changed: true });
    expect(await storedVideos()).toEqual([`${sha256(WEBM)}.data`]);

    const { url } = await topicVideo("close-the-books");
    expect(url).toMatch(/^\/api\/files\/curriculum-videos\/[0-9a-f]{64}\?expires=\d+&signature=/);
    const played = await play(url!);
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("video/webm");
    expect(Buffer.from(await played.arrayBuffer())).toEqual(WEBM);
    // The page may play it: media from the portal itself is allowed.
    expect(played.headers.get("content-security-policy")).toMatch(/media-src 'self' blob:/);
  });

  it("are not stored again by a re-import, and come back in the export, which imports unchanged", async () => {
    const put = vi.spyOn(runtime.storage, "put");
    const renamed = withVideos([["close-the-books", "Close the books, carefully", "videos/close.webm"]]);
    const again = await upload(zipSync(folderFiles(renamed, { "videos/close.webm": WEBM })));
    expect(await again.json()).toMatchObject({ changed: true });
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
    expect(await storedVideos()).toEqual([`${sha256(WEBM)}.data`]);

    const exported = await call(runtime, "/api/curriculum/export", { as: employee });
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    expect(Buffer.from(files["videos/close.webm"]!)).toEqual(WEBM);
    expect(await (await upload(zipSync(files))).json()).toMatchObject({ changed: false });
  });

  it("are imported from a folder; the video a topic no longer shows is removed from storage", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "portal-curriculum-folder-"));
    try {
      const files = folderFiles(withVideos([["close-the-books", "Close the books", "videos/close.mp4"]]), { "videos/close.mp4": MP4 });
      for (const [name, bytes] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
        await writeFile(path.join(folder, name), bytes);
      }
      const read = await readCurriculumFolder(folder);
      expect(read.problems).toEqual([]);
      expect((await importCurriculum(runtime.database.db, read.curriculum!, { storage: runtime.storage, logger: createTestLogger() })).changed).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect(await storedVideos()).toEqual([`${sha256(MP4)}.data`]);
    const played = await play((await topicVideo("close-the-books")).url!);
    expect(played.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await played.arrayBuffer())).toEqual(MP4);
  });

  it("refuses a zip naming a missing, outside or non-video file with the topic and the file, and changes nothing", async () => {
    const bad = withVideos([
      ["close-the-books", "Close the books", "videos/close.mp4"],
      ["escape", "Escape", "../close.mp4"],
      ["picture", "A picture", "videos/picture.webm"],
    ]);
    const refused = await upload(zipSync(folderFiles(bad, { "videos/picture.webm": TINY_PNG })));
    expect(refused.status).toBe(400);
    const { error } = await refused.json();
    expect(error.code).toBe("validation_failed");
    expect(error.details.map((detail: { message: string }) => detail.message).sort()).toEqual([
      "Topic 'A picture': video_file 'videos/picture.webm' is not an MP4 or WebM video (its bytes are image/png)",
      "Topic 'Close the books': video_file 'videos/close.mp4' was not found in the zip",
      `Topic 'Escape': video_file '../close.mp4' leaves the curriculum zip: name a file inside it, without ".." or a leading "/"`,
    ]);
    expect(error.details.every((detail: { path: string }) => /^curriculum\.yaml:\d+$/.test(detail.path))).toBe(true);
    expect(await storedVideos()).toEqual([`${sha256(MP4)}.data`]);
    expect((await topicVideo("close-the-books")).url).not.toBeNull();
  });

  it("leaves nothing behind when the import fails after storing a video: no topic, no file", async () => {
    const folder = await realpath(await mkdtemp(path.join(tmpdir(), "portal-curriculum-folder-")));
    const other = tinyWebm("a video only a failed import stored");
    try {
      await writeFile(path.join(folder, "other.webm"), other);
      const checked = await checkVideoFile(folder, "other.webm", { source: "folder", maxBytes: 1024 });
      if (!("video" in checked)) throw new Error(checked.problem);
      const broken = withVideos([["failing", "Failing", "other.webm"]]);
      broken.topics.at(-1)!.video = checked.video;
      // A course naming a lesson that is not in the list passes no folder check: the write throws.
      broken.courses.push({ key: "broken", title: "Broken", modules: [], sidebar: true, lessons: ["missing-lesson"] });
      await expect(importCurriculum(runtime.database.db, broken, { storage: runtime.storage, logger: createTestLogger() })).rejects.toThrow('unknown key "missing-lesson"');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect(await runtime.database.db.select().from(topics).where(eq(topics.key, "failing"))).toEqual([]);
    expect(await runtime.storage.get(`curriculum-videos/${sha256(other)}`)).toBeNull();
    expect(await storedVideos()).toEqual([`${sha256(MP4)}.data`]);
    expect(await runtime.database.db.select({ sha256: curriculumVideoFiles.sha256 }).from(curriculumVideoFiles)).toEqual([{ sha256: sha256(MP4) }]);
  });
});
