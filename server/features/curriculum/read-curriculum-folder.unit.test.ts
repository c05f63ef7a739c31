import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TINY_PNG, tinyMp4, tinyWebm } from "#tests/video-fixtures";
import { formatCurriculumProblem } from "./curriculum-manifest.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A curriculum folder with these files (paths relative to it). */
async function folderWith(files: Record<string, string | Buffer>): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "curriculum-"));
  folders.push(folder);
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), content);
  }
  return folder;
}

const VALID = `milestones:
  - key: kick-off
    title: Discovery and kick-off
    goals: [Agree the scope]
    courses: [project-basics]
  - key: go-live
    title: Go-live
    prerequisites: [kick-off]
    modules: [Financials]
courses:
  - key: project-basics
    title: Project basics
    sidebar: false
    lessons: [roles]
lessons:
  - key: roles
    title: Roles and responsibilities
    topics: [who-does-what, readiness]
    questions: [fiscal-year-start]
topics:
  - key: who-does-what
    title: Who does what
    type: reading
    body: topics/who-does-what.md
  - key: readiness
    title: Readiness check
    type: survey
    questions: [fiscal-year-start]
configuration_questions:
  - key: fiscal-year-start
    prompt: When does your fiscal year start?
    kind: single_choice
    options: [January, April, July, October]
    required: true
    module: Financials
`;

describe("readCurriculumFolder", () => {
  it("reads a valid curriculum in list order, with defaults and the bodies' Markdown", async () => {
    const folder = await folderWith({ "curriculum.yaml": VALID, "topics/who-does-what.md": "# Who does what\n\nThe project lead…\n" });
    const { curriculum, problems } = await readCurriculumFolder(folder);
    expect(problems).toEqual([]);
    expect(curriculum?.milestones.map((milestone) => [milestone.key, milestone.prerequisites, milestone.modules])).toEqual([
      ["kick-off", [], []],
      ["go-live", ["kick-off"], ["Financials"]],
    ]);
    expect(curriculum?.courses[0]).toMatchObject({ key: "project-basics", sidebar: false, lessons: ["roles"] });
    expect(curriculum?.topics[0]).toMatchObject({ type: "reading", body_markdown: "# Who does what\n\nThe project lead…\n" });
    expect(curriculum?.topics[1]).toMatchObject({ type: "survey", body_markdown: null, questions: ["fiscal-year-start"] });
    expect(curriculum?.configuration_questions[0]).toMatchObject({ kind: "single_choice", required: true, module: "Financials" });
  });

  it("reports every problem with its file and line, and returns no curriculum", async () => {
    const broken = `milestones:
  - key: kick-off
    title: Kick-off
    prerequisites: [go-live]
    courses: [project-basics, missing-course]
  - key: go-live
    title: Go-live
    prerequisites: [kick-off]
  - key: kick-off
    title: Twice
courses:
  - key: project-basics
    title: Project basics
    lessons: [roles]
lessons:
  - key: roles
    title: Roles
    topics: [who-does-what, outside, survey-without-questions]
  - key: orphan
    title: Nobody links here
topics:
  - key: who-does-what
    title: Who does what
    type: reading
    body: topics/missing.md
  - key: outside
    title: Outside
    type: activity
    body: ../escape.md
  - key: survey-without-questions
    title: Survey
    type: survey
  - key: Bad Key
    type: podcast
configuration_questions:
  - key: currency
    prompt: Base currency?
    kind: single_choice
    options: [USD]
    module: Financials
`;
    const folder = await folderWith({ "curriculum.yaml": broken });
    const { curriculum, problems } = await readCurriculumFolder(folder);
    expect(curriculum).toBeNull();
    expect(problems.map(formatCurriculumProblem).sort()).toEqual(
      [
        'curriculum.yaml:33: topic "Bad Key" key: a key is lower-case letters and digits joined by hyphens, e.g. financial-setup',
        'curriculum.yaml:33: topic "Bad Key" title: needs a title',
        'curriculum.yaml:34: topic "Bad Key" type: type is one of reading, video, activity, survey',
        'curriculum.yaml:9: milestone key "kick-off" is used twice',
        'curriculum.yaml:5: milestone "kick-off" names unknown course "missing-course" in courses',
        'curriculum.yaml:19: lesson "orphan" is not part of any course',
        "curriculum.yaml:4: milestone prerequisites form a cycle: kick-off → go-live → kick-off",
        'curriculum.yaml:30: topic "survey-without-questions": a survey needs questions',
        'curriculum.yaml:39: configuration question "currency": a single_choice needs at least two options',
        'curriculum.yaml:25: topic "who-does-what": body "topics/missing.md" does not exist',
        'curriculum.yaml:29: topic "outside": body "../escape.md" is outside the curriculum folder',
      ].sort(),
    );
  });

  it("reports a syntax error with its line, and a missing manifest", async () => {
    const syntax = await folderWith({ "curriculum.yaml": "milestones:\n  - key: a\n    title: [unclosed\n" });
    const { problems } = await readCurriculumFolder(syntax);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ file: "curriculum.yaml" });
    expect(problems[0]?.line).toBeGreaterThanOrEqual(3);

    const empty = await folderWith({ "notes.md": "no manifest here" });
    expect((await readCurriculumFolder(empty)).problems).toEqual([{ file: "curriculum.yaml", line: null, message: "the manifest is missing" }]);
  });
});

/** A curriculum of one lesson of video topics, each `[title, video_file]`. */
function videoManifest(videos: [title: string, file: string][]): string {
  const keys = videos.map((_, index) => `video-${index + 1}`);
  const topics = videos.map(([title, file], index) => `  - key: ${keys[index]}\n    title: ${title}\n    type: video\n    video_file: ${JSON.stringify(file)}\n`);
  return `milestones:\n  - key: close\n    title: Close\n    courses: [books]\ncourses:\n  - key: books\n    title: Books\n    lessons: [closing]\nlessons:\n  - key: closing\n    title: Closing\n    topics: [${keys.join(", ")}]\ntopics:\n${topics.join("")}`;
}

describe("readCurriculumFolder's video files", () => {
  it("reads each video_file's type from its bytes, its size and its SHA-256, whatever its extension", async () => {
    const webm = tinyWebm();
    const mp4 = tinyMp4();
    const folder = await folderWith({ "curriculum.yaml": videoManifest([["Close the books", "videos/close.webm"], ["Reconcile", "./videos/reconcile.bin"]]), "videos/close.webm": webm, "videos/reconcile.bin": mp4 });
    const { curriculum, problems } = await readCurriculumFolder(folder);
    expect(problems).toEqual([]);
    expect(curriculum?.topics.map((topic) => topic.video && { ...topic.video, source_path: path.basename(topic.video.source_path ?? "") })).toEqual([
      { sha256: createHash("sha256").update(webm).digest("hex"), size: webm.length, content_type: "video/webm", source_path: "close.webm" },
      { sha256: createHash("sha256").update(mp4).digest("hex"), size: mp4.length, content_type: "video/mp4", source_path: "reconcile.bin" },
    ]);
  });

  it("refuses a path that leaves the folder, a missing file, a file that is not a video and one over the limit, naming the topic and the file", async () => {
    const outside = await folderWith({ "elsewhere.webm": tinyWebm() });
    const folder = await folderWith({
      "curriculum.yaml": videoManifest([
        ["Close the books", "videos/close.mp4"],
        ["Climb out", "../elsewhere.webm"],
        ["Climb back", "videos/../videos/big.webm"],
        ["Absolute", "/etc/hostname"],
        ["Linked out", "videos/link.webm"],
        ["A picture", "videos/picture.mp4"],
        ["Too long", "videos/big.webm"],
      ]),
      "videos/picture.mp4": TINY_PNG,
      "videos/big.webm": Buffer.concat([tinyWebm(), Buffer.alloc(64)]),
    });
    await symlink(path.join(outside, "elsewhere.webm"), path.join(folder, "videos/link.webm"));
    const { curriculum, problems } = await readCurriculumFolder(folder, { source: "zip", maxVideoBytes: 64 });
    expect(curriculum).toBeNull();
    expect(problems.every((problem) => problem.file === "curriculum.yaml" && typeof problem.line === "number")).toBe(true);
    const leaves = `leaves the curriculum zip: name a file inside it, without ".." or a leading "/"`;
    expect(problems.map((problem) => problem.message).sort()).toEqual(
      [
        "Topic 'Close the books': video_file 'videos/close.mp4' was not found in the zip",
        `Topic 'Climb out': video_file '../elsewhere.webm' ${leaves}`,
        `Topic 'Climb back': video_file 'videos/../videos/big.webm' ${leaves}`,
        `Topic 'Absolute': video_file '/etc/hostname' ${leaves}`,
        "Topic 'Linked out': video_file 'videos/link.webm' leaves the curriculum zip (it links to a file outside it)",
        "Topic 'A picture': video_file 'videos/picture.mp4' is not an MP4 or WebM video (its bytes are image/png)",
        "Topic 'Too long': video_file 'videos/big.webm' is larger than the limit of 64 bytes",
      ].sort(),
    );
  });
});
