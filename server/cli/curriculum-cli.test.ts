import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCurriculumFolder } from "#server/features/curriculum/read-curriculum-folder";
import { writeCurriculumFolder } from "#server/features/curriculum/write-curriculum-folder";
import { embeddedCliTarget, runCli } from "#tests/cli-runner";
import { tinyWebm } from "#tests/video-fixtures";

// Only on the embedded database of its own DATA_DIR: the curriculum is global, and on the shared
// PostgreSQL test database an import here would race the tests reading it.
const target = embeddedCliTarget();

describe(`curriculum commands on the ${target.name}`, { timeout: 120_000 }, () => {
  let folder: string;
  beforeAll(async () => {
    await target.setUp();
    folder = await mkdtemp(path.join(tmpdir(), "portal-cli-curriculum-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
    await target.tearDown();
  });

  const run = (...args: string[]) => runCli(args, target.env);
  const exported = () => path.join(folder, "exported");

  it("curriculum:export writes the default curriculum of a new database as a folder", async () => {
    const result = await run("curriculum:export", exported());
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^exported 11 milestones and \d+ topics to .+ \(\d+ files\)\n$/);
    const manifest = await readFile(path.join(exported(), "curriculum.yaml"), "utf8");
    expect(manifest).toContain("key: financial-setup");
    const again = await run("curriculum:export", exported());
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("is not empty");
  });

  it("curriculum:import lists every problem with its file and line, exit 1, and imports nothing", async () => {
    const manifestPath = path.join(exported(), "curriculum.yaml");
    const manifest = await readFile(manifestPath, "utf8");
    const broken = manifest.replace("prerequisites: [discovery]", "prerequisites: [no-such-milestone]").replace(/^(\s+)- key: financial-setup$/m, "$1- key: discovery");
    await writeFile(manifestPath, broken, "utf8");
    const result = await run("curriculum:import", exported());
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/has \d+ problems; nothing was imported:/);
    expect(result.stderr).toMatch(/curriculum\.yaml:\d+: .*no-such-milestone/);
    expect(result.stderr).toMatch(/curriculum\.yaml:\d+: .*discovery/);
    await writeFile(manifestPath, manifest, "utf8");
  });

  it("curriculum:import applies a changed folder and export writes the change back", async () => {
    const manifestPath = path.join(exported(), "curriculum.yaml");
    const manifest = await readFile(manifestPath, "utf8");
    await writeFile(manifestPath, manifest.replace("title: Discovery and kick-off", "title: Discovery, scope and kick-off"), "utf8");
    const result = await run("curriculum:import", exported());
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^imported 11 milestones, \d+ courses, \d+ lessons, \d+ topics and \d+ configuration questions; 0 entries no longer in the folder were removed\n$/);
    const back = path.join(folder, "back");
    expect((await run("curriculum:export", back)).code).toBe(0);
    expect(await readFile(path.join(back, "curriculum.yaml"), "utf8")).toContain("title: Discovery, scope and kick-off");
  });

  it("curriculum:import stores a topic's video_file in the file storage, refuses a missing one, and export writes it back", async () => {
    const env = { ...target.env, STORAGE_DIR: path.join(folder, "storage") };
    const read = await readCurriculumFolder(exported());
    if (!read.curriculum) throw new Error("the exported curriculum does not read");
    const curriculum = read.curriculum;
    curriculum.milestones.push({ key: "tour", title: "Tour", goals: [], prerequisites: [], modules: [], courses: ["tour"] });
    curriculum.courses.push({ key: "tour", title: "Tour", modules: [], sidebar: true, lessons: ["tour"] });
    curriculum.lessons.push({ key: "tour", title: "Tour", topics: ["intro"], questions: [] });
    curriculum.topics.push({ key: "intro", title: "Intro", type: "video", video_file: "videos/intro.webm", questions: [], body_markdown: null });
    const source = path.join(folder, "with-video");
    await writeCurriculumFolder(source, curriculum);

    const missing = await runCli(["curriculum:import", source], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/curriculum\.yaml:\d+: Topic 'Intro': video_file 'videos\/intro\.webm' was not found in the folder/);

    const video = tinyWebm("the CLI's tour");
    await mkdir(path.join(source, "videos"));
    await writeFile(path.join(source, "videos/intro.webm"), video);
    const imported = await runCli(["curriculum:import", source], env);
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    const back = path.join(folder, "back-with-video");
    expect((await runCli(["curriculum:export", back], env)).code).toBe(0);
    expect(await readFile(path.join(back, "videos/intro.webm"))).toEqual(video);
  });
});
