import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type Curriculum, formatCurriculumProblem } from "./curriculum-manifest.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";
import { serializeCurriculumManifest, writeCurriculumFolder } from "./write-curriculum-folder.ts";

const DEFAULT_CURRICULUM = fileURLToPath(new URL("./default-curriculum", import.meta.url));

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "curriculum-export-"));
  folders.push(folder);
  return folder;
}

async function readBack(folder: string): Promise<Curriculum> {
  const { curriculum, problems } = await readCurriculumFolder(folder);
  expect(problems.map(formatCurriculumProblem)).toEqual([]);
  return curriculum!;
}

/** The smallest curriculum the import accepts, with every optional field left at its default. */
function minimalCurriculum(): Curriculum {
  return {
    milestones: [{ key: "kick-off", title: "Kick-off", goals: [], prerequisites: [], modules: [], courses: ["basics"] }],
    courses: [{ key: "basics", title: "Basics", modules: [], sidebar: true, lessons: ["roles"] }],
    lessons: [{ key: "roles", title: "Roles", topics: ["who-does-what", "readiness"], questions: [] }],
    topics: [
      { key: "who-does-what", title: "Who does what", type: "reading", body: "topics/who-does-what.md", questions: [], body_markdown: "# Who does what\n" },
      { key: "readiness", title: "Readiness", type: "survey", questions: ["team-named"], body_markdown: null },
    ],
    configuration_questions: [{ key: "team-named", prompt: "Is the team named?", kind: "yes_no", options: [], required: false, module: "General" }],
  };
}

const TRICKY = [
  "Scope: what is in, what is out",
  "Step #1 # not a comment",
  `The "sponsor" signs; it's final`,
  "- starts like a list item",
  "2–3 weeks for Müller & Söhne",
  "true",
  "42",
  "[not a list]",
  "{not: a map}",
  "ends with a colon:",
  "> looks like a fold | or a literal",
  "@at, `backtick`, %percent, &anchor, *alias, !tag",
  "double  spaces and\ttabs inside",
];

describe("writeCurriculumFolder", () => {
  it("writes the default curriculum so that it reads back the same, Markdown bodies included", async () => {
    const original = await readBack(DEFAULT_CURRICULUM);
    const folder = path.join(await temporaryFolder(), "exported");

    const { files } = await writeCurriculumFolder(folder, original);

    const bodies = original.topics.filter((topic) => topic.body_markdown !== null);
    expect(bodies.length).toBeGreaterThan(0);
    // The manifest, the topics' bodies and the support FAQ.
    expect(files).toBe(1 + bodies.length + 1);
    expect(await readBack(folder)).toEqual(original);
    expect(await readFile(path.join(folder, "support-faq.md"), "utf8")).toBe(original.support_faq_markdown);
    for (const topic of bodies) expect(await readFile(path.join(folder, topic.body!), "utf8")).toBe(topic.body_markdown);
  });

  it("refuses a folder that is not empty, and with replace writes over the manifest and bodies only", async () => {
    const folder = await temporaryFolder();
    await writeFile(path.join(folder, "notes.txt"), "keep me");

    await expect(writeCurriculumFolder(folder, minimalCurriculum())).rejects.toThrow(/is not empty/);
    expect(await readdir(folder)).toEqual(["notes.txt"]);

    await mkdir(path.join(folder, "topics"));
    await writeFile(path.join(folder, "curriculum.yaml"), "milestones: []\n");
    await writeFile(path.join(folder, "topics/who-does-what.md"), "old body\n");
    await writeFile(path.join(folder, "topics/unrelated.md"), "kept\n");

    expect(await writeCurriculumFolder(folder, minimalCurriculum(), { replace: true })).toEqual({ files: 2 });
    expect(await readBack(folder)).toEqual(minimalCurriculum());
    expect(await readFile(path.join(folder, "notes.txt"), "utf8")).toBe("keep me");
    expect(await readFile(path.join(folder, "topics/unrelated.md"), "utf8")).toBe("kept\n");
  });

  it("names topics/<key>.md for a body kept without a path, and refuses bodies outside the folder", async () => {
    const curriculum = minimalCurriculum();
    delete curriculum.topics[0]!.body;
    const folder = await temporaryFolder();

    await writeCurriculumFolder(folder, curriculum);

    expect((await readBack(folder)).topics[0]).toMatchObject({ body: "topics/who-does-what.md", body_markdown: "# Who does what\n" });

    const escaping = minimalCurriculum();
    escaping.topics[0]!.body = "../outside.md";
    await expect(writeCurriculumFolder(await temporaryFolder(), escaping)).rejects.toThrow(/outside the curriculum folder/);
    const withoutMarkdown = minimalCurriculum();
    withoutMarkdown.topics[0]!.body_markdown = null;
    await expect(writeCurriculumFolder(await temporaryFolder(), withoutMarkdown)).rejects.toThrow(/no Markdown/);
  });

  it("round-trips text with colons, hashes, quotes, list markers, unicode and line breaks", async () => {
    const curriculum = minimalCurriculum();
    // Longer than a line, so written as a folded block; short enough for an option (200 characters).
    const long = `${TRICKY.slice(0, 5).join(" – ")} and some words to fold`;
    curriculum.milestones[0] = { ...curriculum.milestones[0]!, title: TRICKY[0]!, description: long, goals: TRICKY, time_estimate: "2–3 weeks" };
    curriculum.courses[0] = { ...curriculum.courses[0]!, title: "- Über: the #1 course", description: `"${long}"`, modules: ["Commerce: Connectors", "#hash"] };
    curriculum.lessons[0] = { ...curriculum.lessons[0]!, title: "'single' and \"double\"", description: "Line one: first\n\n- line two\n  # indented line\nLast – line ü" };
    curriculum.topics[0] = { ...curriculum.topics[0]!, title: "42", body_markdown: "---\ntitle: front matter\n---\n\n# Ü – heading: with colon\n\n- item\n" };
    curriculum.configuration_questions[0] = {
      ...curriculum.configuration_questions[0]!,
      prompt: `${long}?`,
      help: "yes",
      kind: "multiple_choice",
      options: [...TRICKY, long],
      required: true,
      module: "Financials: Core",
    };
    const folder = await temporaryFolder();

    await writeCurriculumFolder(folder, curriculum);

    expect(await readBack(folder)).toEqual(curriculum);
    const manifest = await readFile(path.join(folder, "curriculum.yaml"), "utf8");
    for (const line of manifest.split("\n")) expect(line.length, line).toBeLessThanOrEqual(120);
  });
});

describe("serializeCurriculumManifest", () => {
  it("writes a header and the five lists in order, leaving out empty fields and what the defaults restore", () => {
    const text = serializeCurriculumManifest(minimalCurriculum());

    expect(text.startsWith("# ")).toBe(true);
    expect(text).toMatch(/exported/);
    expect(text).toMatch(/Keys are stable/);
    const lists = ["milestones", "courses", "lessons", "topics", "configuration_questions"];
    expect(text.split("\n").filter((line) => /^[a-z_]+:/.test(line)).map((line) => line.split(":")[0])).toEqual(lists);
    for (const omitted of ["description:", "goals:", "time_estimate:", "modules:", "sidebar:", "options:", "required:", "help:", "video_url:", "video_file:", "duration_minutes:", "body_markdown"]) {
      expect(text, omitted).not.toContain(omitted);
    }
    expect(text).toContain("prerequisites: []");
    expect(text).toMatch(/courses:\n\s+- basics/);
    // The lesson keeps its topics; an empty questions list is left out there, a survey's is written.
    expect(text.match(/^ +questions:/gm)).toHaveLength(1);
  });

  it("writes the values that differ from the defaults", () => {
    const curriculum = minimalCurriculum();
    curriculum.courses[0]!.sidebar = false;
    curriculum.configuration_questions[0]!.required = true;
    curriculum.topics[1]!.duration_minutes = 5;

    const text = serializeCurriculumManifest(curriculum);

    expect(text).toContain("sidebar: false");
    expect(text).toContain("required: true");
    expect(text).toContain("duration_minutes: 5");
  });

  it("writes empty lists as []", () => {
    const empty: Curriculum = { milestones: [], courses: [], lessons: [], topics: [], configuration_questions: [] };
    expect(serializeCurriculumManifest(empty)).toMatch(/milestones: \[\]\n\ncourses: \[\]\n\nlessons: \[\]\n\ntopics: \[\]\n\nconfiguration_questions: \[\]\n$/);
  });
});
