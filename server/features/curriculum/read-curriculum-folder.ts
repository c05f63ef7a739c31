import { readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { type Document, LineCounter, isMap, isSeq, parseDocument } from "yaml";
import {
  CHOICE_KINDS,
  CURRICULUM_MANIFEST_FILE,
  type Curriculum,
  type CurriculumProblem,
  MANIFEST_LISTS,
  type ManifestListName,
  SUPPORT_FAQ_FIELD,
  type TopicEntry,
} from "./curriculum-manifest.ts";
import { DEFAULT_VIDEO_MAX_BYTES, type VideoFileRules, checkVideoFile } from "./curriculum-video-check.ts";

export interface ReadCurriculumOptions {
  /** Whether the folder was unpacked from a zip, as problems name it (default "folder"). */
  source?: "zip" | "folder";
  /** The largest video file (UPLOAD_MAX_BYTES, as the content library's uploads). */
  maxVideoBytes?: number;
}

/**
 * Reads and checks a curriculum folder (decision 036): the manifest's syntax and fields, unique
 * keys, references, prerequisite cycles, the Markdown files it names and its video files (each
 * hashed, to be stored by the import). Every problem is reported with its file and line; the
 * curriculum is returned only when there are none.
 */
export async function readCurriculumFolder(folder: string, options: ReadCurriculumOptions = {}): Promise<{ curriculum: Curriculum; problems: [] } | { curriculum: null; problems: CurriculumProblem[] }> {
  const manifestPath = path.join(folder, CURRICULUM_MANIFEST_FILE);
  let source: string;
  try {
    source = await readFile(manifestPath, "utf8");
  } catch {
    return { curriculum: null, problems: [{ file: CURRICULUM_MANIFEST_FILE, line: null, message: "the manifest is missing" }] };
  }
  const lines = new LineCounter();
  const document = parseDocument(source, { lineCounter: lines, uniqueKeys: true });
  const problems: CurriculumProblem[] = [];
  const report = (line: number | null, message: string) => problems.push({ file: CURRICULUM_MANIFEST_FILE, line, message });
  for (const error of document.errors) report(error.linePos?.[0].line ?? null, error.message.split("\n")[0] ?? error.message);
  if (problems.length > 0) return { curriculum: null, problems };
  if (!isMap(document.contents)) {
    report(1, `the manifest is a mapping of ${Object.keys(MANIFEST_LISTS).join(", ")}`);
    return { curriculum: null, problems };
  }

  const lineOf = (at: readonly (string | number)[]): number | null => {
    for (let depth = at.length; depth >= 0; depth -= 1) {
      const node = document.getIn(at.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lines.linePos(node.range[0]).line;
    }
    return null;
  };
  for (const pair of document.contents.items) {
    const name = String((pair.key as { value?: unknown })?.value ?? pair.key);
    if (!(name in MANIFEST_LISTS) && name !== SUPPORT_FAQ_FIELD) report(lineOf([name]), `unknown list "${name}" (the manifest holds ${Object.keys(MANIFEST_LISTS).join(", ")})`);
  }

  const curriculum = parseLists(document, lineOf, report);
  checkKeysAndReferences(curriculum, lineOf, report);
  checkPrerequisiteCycles(curriculum, lineOf, report);
  checkTopicsAndQuestions(curriculum, lineOf, report);
  const rules: VideoFileRules = { source: options.source ?? "folder", maxBytes: options.maxVideoBytes ?? DEFAULT_VIDEO_MAX_BYTES };
  await readFiles(folder, curriculum, lineOf, rules, (file, line, message) => problems.push({ file, line, message }));
  await readSupportFaq(folder, document.get(SUPPORT_FAQ_FIELD), curriculum, lineOf([SUPPORT_FAQ_FIELD]), (file, line, message) => problems.push({ file, line, message }));
  return problems.length > 0 ? { curriculum: null, problems } : { curriculum, problems: [] };
}

type LineOf = (at: readonly (string | number)[]) => number | null;
type Report = (line: number | null, message: string) => void;

function parseLists(document: Document, lineOf: LineOf, report: Report): Curriculum {
  const curriculum = { milestones: [], courses: [], lessons: [], topics: [], configuration_questions: [] } as Record<ManifestListName, unknown[]>;
  for (const [name, { schema, noun }] of Object.entries(MANIFEST_LISTS) as [ManifestListName, (typeof MANIFEST_LISTS)[ManifestListName]][]) {
    const list = document.get(name, true);
    if (list === undefined) continue;
    if (!isSeq(list)) {
      report(lineOf([name]), `${name} is a list`);
      continue;
    }
    list.items.forEach((_, index) => {
      const entry = document.getIn([name, index]);
      const parsed = schema.safeParse(isMap(document.getIn([name, index], true)) ? (entry as { toJSON(): unknown }).toJSON() : entry);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path.map(String);
          const label = typeof (entry as { get?: (key: string) => unknown })?.get === "function" ? (entry as { get: (key: string) => unknown }).get("key") : undefined;
          const where = `${noun} ${typeof label === "string" ? `"${label}"` : `#${index + 1}`}${field.length > 0 ? ` ${field.join(".")}` : ""}`;
          report(lineOf([name, index, ...issue.path.map((part) => (typeof part === "number" ? part : String(part)))]), `${where}: ${issue.message}`);
        }
        return;
      }
      curriculum[name].push(name === "topics" ? { ...(parsed.data as object), body_markdown: null } : parsed.data);
    });
  }
  return curriculum as unknown as Curriculum;
}

function checkKeysAndReferences(curriculum: Curriculum, lineOf: LineOf, report: Report) {
  const keysOf = {} as Record<ManifestListName, Set<string>>;
  for (const name of Object.keys(MANIFEST_LISTS) as ManifestListName[]) {
    const seen = new Set<string>();
    curriculum[name].forEach((entry, index) => {
      if (seen.has(entry.key)) report(lineOf([name, index, "key"]), `${MANIFEST_LISTS[name].noun} key "${entry.key}" is used twice`);
      seen.add(entry.key);
    });
    keysOf[name] = seen;
  }
  const references: [ManifestListName, string, ManifestListName][] = [
    ["milestones", "prerequisites", "milestones"],
    ["milestones", "courses", "courses"],
    ["courses", "lessons", "lessons"],
    ["lessons", "topics", "topics"],
    ["lessons", "questions", "configuration_questions"],
    ["topics", "questions", "configuration_questions"],
  ];
  const used = { courses: new Set<string>(), lessons: new Set<string>(), topics: new Set<string>() } as Record<string, Set<string>>;
  for (const [from, field, to] of references) {
    curriculum[from].forEach((entry, index) => {
      ((entry as unknown as Record<string, string[]>)[field] ?? []).forEach((target, position) => {
        if (!keysOf[to].has(target)) report(lineOf([from, index, field, position]), `${MANIFEST_LISTS[from].noun} "${entry.key}" names unknown ${MANIFEST_LISTS[to].noun} "${target}" in ${field}`);
        used[to]?.add(target);
      });
    });
  }
  // Content nothing leads to would never be shown: an authoring slip, not a draft.
  for (const name of ["courses", "lessons", "topics"] as const) {
    curriculum[name].forEach((entry, index) => {
      if (!used[name]?.has(entry.key)) report(lineOf([name, index, "key"]), `${MANIFEST_LISTS[name].noun} "${entry.key}" is not part of any ${name === "courses" ? "milestone" : name === "lessons" ? "course" : "lesson"}`);
    });
  }
}

function checkPrerequisiteCycles(curriculum: Curriculum, lineOf: LineOf, report: Report) {
  // A duplicated key is reported apart; its first entry stands.
  const prerequisitesOf = new Map<string, string[]>();
  for (const milestone of curriculum.milestones) if (!prerequisitesOf.has(milestone.key)) prerequisitesOf.set(milestone.key, milestone.prerequisites);
  const state = new Map<string, "visiting" | "done">();
  const reported = new Set<string>();
  const visit = (key: string, trail: string[]) => {
    if (state.get(key) === "done") return;
    if (state.get(key) === "visiting") {
      const cycle = [...trail.slice(trail.indexOf(key)), key];
      const signature = [...new Set(cycle)].sort().join(",");
      if (!reported.has(signature)) {
        reported.add(signature);
        const index = curriculum.milestones.findIndex((milestone) => milestone.key === key);
        report(lineOf(["milestones", index, "prerequisites"]), `milestone prerequisites form a cycle: ${cycle.join(" → ")}`);
      }
      return;
    }
    state.set(key, "visiting");
    for (const next of prerequisitesOf.get(key) ?? []) if (prerequisitesOf.has(next)) visit(next, [...trail, key]);
    state.set(key, "done");
  };
  for (const milestone of curriculum.milestones) visit(milestone.key, []);
}

function checkTopicsAndQuestions(curriculum: Curriculum, lineOf: LineOf, report: Report) {
  curriculum.topics.forEach((topic, index) => {
    const at = (field: string) => lineOf(["topics", index, field]);
    const named = `topic "${topic.key}"`;
    if ((topic.type === "reading" || topic.type === "activity") && !topic.body) report(at("key"), `${named}: a ${topic.type} needs a body (a Markdown file)`);
    if (topic.type === "video" && Boolean(topic.video_url) === Boolean(topic.video_file)) report(at("key"), `${named}: a video needs either video_url or video_file`);
    if (topic.type === "survey" && topic.questions.length === 0) report(at("key"), `${named}: a survey needs questions`);
  });
  curriculum.configuration_questions.forEach((question, index) => {
    const isChoice = CHOICE_KINDS.includes(question.kind);
    if (isChoice && question.options.length < 2) report(lineOf(["configuration_questions", index, "options"]), `configuration question "${question.key}": a ${question.kind} needs at least two options`);
    if (!isChoice && question.options.length > 0) report(lineOf(["configuration_questions", index, "options"]), `configuration question "${question.key}": options are for single_choice and multiple_choice only`);
    if (new Set(question.options).size !== question.options.length) report(lineOf(["configuration_questions", index, "options"]), `configuration question "${question.key}": an option is listed twice`);
  });
}

async function readFiles(folder: string, curriculum: Curriculum, lineOf: LineOf, rules: VideoFileRules, report: (file: string, line: number | null, message: string) => void) {
  const root = await realpath(folder);
  await Promise.all(
    curriculum.topics.map(async (topic: TopicEntry, index) => {
      if (topic.video_file) {
        const checked = await checkVideoFile(root, topic.video_file, rules);
        if ("video" in checked) topic.video = checked.video;
        else report(CURRICULUM_MANIFEST_FILE, lineOf(["topics", index, "video_file"]), `Topic '${topic.title}': video_file '${topic.video_file}' ${checked.problem}`);
      }
      const relative = topic.body;
      if (!relative) return;
      const line = lineOf(["topics", index, "body"]);
      const resolved = path.resolve(root, relative);
      if (path.isAbsolute(relative) || !resolved.startsWith(`${root}${path.sep}`)) {
        report(CURRICULUM_MANIFEST_FILE, line, `topic "${topic.key}": body "${relative}" is outside the curriculum folder`);
        return;
      }
      if (!relative.endsWith(".md")) {
        report(CURRICULUM_MANIFEST_FILE, line, `topic "${topic.key}": body "${relative}" is a Markdown file (.md)`);
        return;
      }
      try {
        topic.body_markdown = await readFile(resolved, "utf8");
        if (topic.body_markdown.trim() === "") report(relative, 1, `the body of topic "${topic.key}" is empty`);
      } catch {
        report(CURRICULUM_MANIFEST_FILE, line, `topic "${topic.key}": body "${relative}" does not exist`);
      }
    }),
  );
}

/** The manifest's `support_faq`: a Markdown file of the folder, read like a topic's body. */
async function readSupportFaq(folder: string, relative: unknown, curriculum: Curriculum, line: number | null, report: (file: string, line: number | null, message: string) => void) {
  if (relative === undefined) return;
  const root = await realpath(folder);
  const named = typeof relative === "string" ? relative : "";
  const resolved = path.resolve(root, named);
  if (!named.endsWith(".md") || path.isAbsolute(named) || !resolved.startsWith(`${root}${path.sep}`)) {
    report(CURRICULUM_MANIFEST_FILE, line, `${SUPPORT_FAQ_FIELD} names a Markdown file (.md) inside the curriculum folder, e.g. support-faq.md`);
    return;
  }
  try {
    curriculum.support_faq_markdown = await readFile(resolved, "utf8");
  } catch {
    report(CURRICULUM_MANIFEST_FILE, line, `${SUPPORT_FAQ_FIELD} "${named}" does not exist`);
    return;
  }
  if (curriculum.support_faq_markdown.trim() === "") report(named, 1, "the support FAQ is empty");
}
