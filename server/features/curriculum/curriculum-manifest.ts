import { z } from "zod";

/**
 * The entries of a curriculum manifest (`curriculum.yaml`, decision 036), one schema per list.
 * The order of each list is the position of its entries. Cross-references, cycles and files are
 * checked by `readCurriculumFolder`.
 */

export const CURRICULUM_MANIFEST_FILE = "curriculum.yaml";

/** The manifest's one field besides the lists: the Markdown file of the answers shown on /support. */
export const SUPPORT_FAQ_FIELD = "support_faq";
/** Where an export writes that file. */
export const SUPPORT_FAQ_FILE = "support-faq.md";

const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const key = z
  .string({ error: "needs a key" })
  .regex(KEY_PATTERN, "a key is lower-case letters and digits joined by hyphens, e.g. financial-setup")
  .max(80, "a key is at most 80 characters");
const text = (what: string, max: number) => z.string({ error: `needs ${what}` }).trim().min(1, `needs ${what}`).max(max, `${what} is at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `at most ${max} characters`).optional();
const keyList = z.array(key).default([]);
const moduleList = z.array(text("a module name", 80)).default([]);

export const TOPIC_TYPES = ["reading", "video", "activity", "survey"] as const;
export const QUESTION_KINDS = ["single_choice", "multiple_choice", "text", "number", "date", "yes_no"] as const;
export const CHOICE_KINDS: readonly string[] = ["single_choice", "multiple_choice"];

export const milestoneEntrySchema = z.strictObject({
  key,
  title: text("a title", 200),
  description: optionalText(2000),
  goals: z.array(text("a goal", 300)).default([]),
  time_estimate: optionalText(80),
  prerequisites: keyList,
  modules: moduleList,
  courses: keyList,
});

export const courseEntrySchema = z.strictObject({
  key,
  title: text("a title", 200),
  description: optionalText(2000),
  modules: moduleList,
  sidebar: z.boolean().default(true),
  lessons: keyList,
});

export const lessonEntrySchema = z.strictObject({
  key,
  title: text("a title", 200),
  description: optionalText(2000),
  topics: keyList,
  questions: keyList,
});

export const topicEntrySchema = z.strictObject({
  key,
  title: text("a title", 200),
  type: z.enum(TOPIC_TYPES, { error: `type is one of ${TOPIC_TYPES.join(", ")}` }),
  body: optionalText(300),
  video_url: z.url({ protocol: /^https$/, error: "video_url is an https link" }).optional(),
  video_file: optionalText(300),
  duration_minutes: z.number().int().positive().max(600).optional(),
  questions: keyList,
});

export const questionEntrySchema = z.strictObject({
  key,
  prompt: text("a prompt", 500),
  help: optionalText(2000),
  kind: z.enum(QUESTION_KINDS, { error: `kind is one of ${QUESTION_KINDS.join(", ")}` }),
  options: z.array(text("an option", 200)).default([]),
  required: z.boolean().default(false),
  module: text("a module", 80),
});

export type MilestoneEntry = z.output<typeof milestoneEntrySchema>;
export type CourseEntry = z.output<typeof courseEntrySchema>;
export type LessonEntry = z.output<typeof lessonEntrySchema>;
/**
 * A topic's checked video file: its bytes' hash, size and type, and while importing the file on disk
 * (`source_path`; null for a curriculum read from the database, whose file is in storage).
 */
export interface TopicVideo {
  sha256: string;
  size: number;
  content_type: string;
  source_path: string | null;
}
export type TopicEntry = z.output<typeof topicEntrySchema> & { body_markdown: string | null; video?: TopicVideo };
export type QuestionEntry = z.output<typeof questionEntrySchema>;

/** The manifest's lists, each with the schema of its entries and the word a problem names them by. */
export const MANIFEST_LISTS = {
  milestones: { schema: milestoneEntrySchema, noun: "milestone" },
  courses: { schema: courseEntrySchema, noun: "course" },
  lessons: { schema: lessonEntrySchema, noun: "lesson" },
  topics: { schema: topicEntrySchema, noun: "topic" },
  configuration_questions: { schema: questionEntrySchema, noun: "configuration question" },
} as const;

export type ManifestListName = keyof typeof MANIFEST_LISTS;

export interface Curriculum {
  milestones: MilestoneEntry[];
  courses: CourseEntry[];
  lessons: LessonEntry[];
  topics: TopicEntry[];
  configuration_questions: QuestionEntry[];
  /** The FAQ's Markdown (the file `support_faq` names); absent when the manifest names none. */
  support_faq_markdown?: string;
}

/** One problem of a curriculum folder: where (a file of the folder, a line when known) and what. */
export interface CurriculumProblem {
  file: string;
  line: number | null;
  message: string;
}

export function formatCurriculumProblem(problem: CurriculumProblem): string {
  return `${problem.file}${problem.line === null ? "" : `:${problem.line}`}: ${problem.message}`;
}
