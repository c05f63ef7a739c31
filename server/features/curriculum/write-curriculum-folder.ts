import { createWriteStream } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Document, Scalar, YAMLMap, YAMLSeq, isScalar, isSeq } from "yaml";
import {
  CURRICULUM_MANIFEST_FILE,
  type Curriculum,
  MANIFEST_LISTS,
  type ManifestListName,
  SUPPORT_FAQ_FIELD,
  SUPPORT_FAQ_FILE,
  type TopicEntry,
  type TopicVideo,
} from "./curriculum-manifest.ts";

/**
 * Writes a curriculum as a folder `readCurriculumFolder` reads back to the same curriculum
 * (decision 036): the manifest, one Markdown file per topic with a body, and each stored video at
 * the path its topic's `video_file` names.
 */

/** Opens a topic's stored video, or answers null when storage has lost it. */
export type OpenVideo = (video: TopicVideo) => Promise<Readable | null>;

/** Each video file once, by the path the manifest names it with. */
export function videoFilesOf(curriculum: Curriculum): Map<string, TopicVideo> {
  const files = new Map<string, TopicVideo>();
  for (const topic of curriculum.topics) if (topic.video_file && topic.video && !files.has(topic.video_file)) files.set(topic.video_file, topic.video);
  return files;
}

// Wide enough that titles, goals and prompts stay on one line; a longer text becomes a folded block.
const LINE_WIDTH = 110;
// Columns before a value: entries sit in a top-level list ("  - "), their lists one level deeper.
const ENTRY_INDENT = 4;
const ITEM_INDENT = ENTRY_INDENT + 4;

// Lists of keys and module names, written on one line when they fit, as authors write them.
const INLINE_LISTS = new Set(["prerequisites", "modules", "topics", "questions"]);

const HEADER = [
  " A curriculum exported from the portal (decision 036).",
  " Lists are shown in the order written here. Keys are stable: progress is kept by key;",
  " titles and text may change freely.",
].join("\n");

type Field = [name: string, value: unknown];

/** The manifest text of a curriculum: the five lists in order, defaults and empty fields left out. */
export function serializeCurriculumManifest(curriculum: Curriculum): string {
  const document = new Document();
  document.commentBefore = HEADER;
  const root = new YAMLMap();
  (Object.keys(MANIFEST_LISTS) as ManifestListName[]).forEach((name, index) => {
    const entries = new YAMLSeq();
    for (const [position, fields] of entryFields(curriculum, name).entries()) {
      const entry = new YAMLMap();
      entry.spaceBefore = position > 0;
      for (const [field, value] of fields) entry.items.push(document.createPair(field, value));
      styleEntry(entry);
      entries.items.push(entry);
    }
    entries.flow = entries.items.length === 0;
    const key = new Scalar(name);
    key.spaceBefore = index > 0;
    root.items.push(document.createPair(key, entries));
  });
  if (curriculum.support_faq_markdown !== undefined) {
    const key = new Scalar(SUPPORT_FAQ_FIELD);
    key.spaceBefore = true;
    root.items.push(document.createPair(key, SUPPORT_FAQ_FILE));
  }
  document.contents = root;
  return document.toString({ lineWidth: LINE_WIDTH, indentSeq: true, flowCollectionPadding: false });
}

/**
 * Writes `curriculum.yaml`, the topics' Markdown bodies and their video files (read with
 * `openVideo`) into `folder`, creating it when missing. A folder that is not empty is refused
 * unless `replace` is given; then the manifest, body and video files are written over and every
 * other file is left alone.
 */
export async function writeCurriculumFolder(folder: string, curriculum: Curriculum, options: { replace?: boolean; openVideo?: OpenVideo } = {}): Promise<{ files: number }> {
  const bodies = bodyFilesOf(curriculum);
  const videos = videoFilesOf(curriculum);
  const root = path.resolve(folder);
  const checkInside = (relative: string, what: string) => {
    const resolved = path.resolve(root, relative);
    if (path.isAbsolute(relative) || !resolved.startsWith(`${root}${path.sep}`)) throw new Error(`A topic's ${what} "${relative}" is outside the curriculum folder`);
  };
  for (const relative of bodies.keys()) {
    checkInside(relative, "body");
    if (!relative.endsWith(".md")) throw new Error(`A topic's body "${relative}" is not a Markdown file (.md)`);
  }
  for (const relative of videos.keys()) checkInside(relative, "video file");
  const { openVideo } = options;
  if (videos.size > 0 && !openVideo) throw new Error("The curriculum has video files and nothing to read them from");
  if (!options.replace && (await entriesOf(root)).length > 0) {
    throw new Error(`The folder ${folder} is not empty: export the curriculum into a new or empty folder, or replace the curriculum files in it`);
  }
  await mkdir(root, { recursive: true });
  for (const [relative, markdown] of bodies) {
    const resolved = path.resolve(root, relative);
    await mkdir(path.dirname(resolved), { recursive: true });
    await writeFile(resolved, markdown, "utf8");
  }
  for (const [relative, video] of videos) {
    const body = await openVideo!(video);
    if (!body) throw new Error(`The stored video of "${relative}" is missing from the portal's storage`);
    const resolved = path.resolve(root, relative);
    await mkdir(path.dirname(resolved), { recursive: true });
    await pipeline(body, createWriteStream(resolved));
  }
  // The manifest last: a folder an interrupted export leaves behind does not pass for a curriculum.
  await writeFile(path.join(root, CURRICULUM_MANIFEST_FILE), serializeCurriculumManifest(curriculum), "utf8");
  return { files: bodies.size + videos.size + 1 };
}

async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The file a topic's Markdown goes to: the one its `body` names, else `topics/<key>.md`. */
function bodyPathOf(topic: TopicEntry): string | undefined {
  return topic.body ?? (topic.body_markdown === null ? undefined : `topics/${topic.key}.md`);
}

function bodyFilesOf(curriculum: Curriculum): Map<string, string> {
  const files = new Map<string, string>();
  for (const topic of curriculum.topics) {
    const relative = bodyPathOf(topic);
    if (relative === undefined) continue;
    if (topic.body_markdown === null) throw new Error(`Topic "${topic.key}" names the body "${relative}" but has no Markdown to write in it`);
    const written = files.get(relative);
    if (written !== undefined && written !== topic.body_markdown) throw new Error(`Two topics name the body "${relative}" with different Markdown`);
    files.set(relative, topic.body_markdown);
  }
  if (curriculum.support_faq_markdown !== undefined) files.set(SUPPORT_FAQ_FILE, curriculum.support_faq_markdown);
  return files;
}

const present = (value: string | undefined): value is string => value !== undefined && value !== "";

/** Each entry's fields in the order the schemas list them, without what the reader's defaults restore. */
function entryFields(curriculum: Curriculum, name: ManifestListName): Field[][] {
  const fields = (entries: (Field | false)[]) => entries.filter((entry): entry is Field => entry !== false);
  const list = <T>(field: string, values: readonly T[]): Field | false => values.length > 0 && [field, values];
  const optional = (field: string, value: string | undefined): Field | false => present(value) && [field, value];
  switch (name) {
    case "milestones":
      return curriculum.milestones.map((milestone) =>
        fields([
          ["key", milestone.key],
          ["title", milestone.title],
          optional("description", milestone.description),
          list("goals", milestone.goals),
          optional("time_estimate", milestone.time_estimate),
          ["prerequisites", milestone.prerequisites],
          list("modules", milestone.modules),
          ["courses", milestone.courses],
        ]),
      );
    case "courses":
      return curriculum.courses.map((course) =>
        fields([
          ["key", course.key],
          ["title", course.title],
          optional("description", course.description),
          list("modules", course.modules),
          !course.sidebar && ["sidebar", false],
          list("lessons", course.lessons),
        ]),
      );
    case "lessons":
      return curriculum.lessons.map((lesson) =>
        fields([
          ["key", lesson.key],
          ["title", lesson.title],
          optional("description", lesson.description),
          list("topics", lesson.topics),
          list("questions", lesson.questions),
        ]),
      );
    case "topics":
      return curriculum.topics.map((topic) =>
        fields([
          ["key", topic.key],
          ["title", topic.title],
          ["type", topic.type],
          optional("body", bodyPathOf(topic)),
          optional("video_url", topic.video_url),
          optional("video_file", topic.video_file),
          topic.duration_minutes !== undefined && ["duration_minutes", topic.duration_minutes],
          list("questions", topic.questions),
        ]),
      );
    case "configuration_questions":
      return curriculum.configuration_questions.map((question) =>
        fields([
          ["key", question.key],
          ["prompt", question.prompt],
          optional("help", question.help),
          ["kind", question.kind],
          list("options", question.options),
          question.required && ["required", true],
          ["module", question.module],
        ]),
      );
  }
}

/** Short lists of keys on one line; a text too long for its line as a folded block. */
function styleEntry(entry: YAMLMap) {
  for (const pair of entry.items) {
    const field = String((pair.key as Scalar).value);
    if (isScalar(pair.value)) styleText(pair.value, ENTRY_INDENT + field.length + 2);
    if (!isSeq(pair.value)) continue;
    const items = pair.value.items as Scalar[];
    const inline = `${field}: [${items.map((item) => String(item.value)).join(", ")}]`;
    pair.value.flow = items.length === 0 || (INLINE_LISTS.has(field) && ENTRY_INDENT + inline.length <= LINE_WIDTH);
    if (!pair.value.flow) for (const item of items) styleText(item, ITEM_INDENT);
  }
}

function styleText(scalar: Scalar, column: number) {
  const { value } = scalar;
  // Multi-line text is left to the library, which writes it as a block that keeps its lines.
  if (typeof value === "string" && !value.includes("\n") && column + value.length > LINE_WIDTH) scalar.type = Scalar.BLOCK_FOLDED;
}
