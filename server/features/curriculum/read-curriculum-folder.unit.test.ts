import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatCurriculumProblem } from "./curriculum-manifest.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A curriculum folder with these files (paths relative to it). */
async function folderWith(files: Record<string, string>): Promise<string> {
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
