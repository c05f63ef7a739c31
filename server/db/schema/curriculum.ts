import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// Spec §3: the provider's launch-plan content, the same for every organization (decision 036).
// Every entry has a stable `key` from the curriculum files: an import updates rows by key, so ids
// and every organization's progress survive a re-import.

export const milestones = pgTable(
  "milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    goals: jsonb("goals").$type<string[]>().notNull().default([]),
    position: integer("position"),
    prerequisiteMilestoneIds: uuid("prerequisite_milestone_ids").array().notNull().default(sql`'{}'::uuid[]`),
    timeEstimate: text("time_estimate"),
    /** ERP modules (catalog `module` names) the milestone serves; empty: every plan has it. */
    modules: jsonb("modules").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("milestones_key_unique").on(table.key)],
);

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    modules: jsonb("modules").$type<string[]>().notNull().default([]),
    /** §2: one course has no sidebar; the curriculum says which. */
    hasSidebar: boolean("has_sidebar").notNull().default(true),
    /** The entry's place in the manifest's list, so an export writes the lists back in order. */
    position: integer("position").notNull().default(0),
    /** How many lessons the course links, kept by the import (the plan's read counts no links). */
    lessonCount: integer("lesson_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("courses_key_unique").on(table.key)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    /** The entry's place in the manifest's list, so an export writes the lists back in order. */
    position: integer("position").notNull().default(0),
    /** How many topics and questions the lesson links, kept by the import: progress reads need no count of the links. */
    topicCount: integer("topic_count").notNull().default(0),
    questionCount: integer("question_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("lessons_key_unique").on(table.key)],
);

export const topics = pgTable(
  "topics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    type: text("type").notNull(),
    /** Reading and activity: Markdown, rendered without raw HTML. */
    bodyMarkdown: text("body_markdown"),
    videoUrl: text("video_url"),
    /** A video kept with the curriculum's files (its path in the folder). */
    videoFile: text("video_file"),
    durationMinutes: integer("duration_minutes"),
    /** The entry's place in the manifest's list, so an export writes the lists back in order. */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("topics_key_unique").on(table.key),
    check("topics_type_known", sql`${table.type} in ('reading', 'video', 'activity', 'survey')`),
  ],
);

/**
 * The stored video of each topic whose manifest names a `video_file`: kept in the portal's storage
 * under a key made from its SHA-256, so a re-import of the same bytes stores nothing new and
 * topics showing the same file share one object.
 */
export const curriculumVideoFiles = pgTable(
  "curriculum_video_files",
  {
    topicId: uuid("topic_id")
      .primaryKey()
      .references(() => topics.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    sha256: text("sha256").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("curriculum_video_files_sha256_hex", sql`${table.sha256} ~ '^[0-9a-f]{64}$'`)],
);

/** Fields the spec leaves open (§3 "not shown"); `key` is what configuration_responses.question_id holds. */
export const configurationQuestions = pgTable(
  "configuration_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    prompt: text("prompt").notNull(),
    help: text("help"),
    kind: text("kind").notNull(),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    required: boolean("required").notNull().default(false),
    module: text("module").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("configuration_questions_key_unique").on(table.key),
    check("configuration_questions_kind_known", sql`${table.kind} in ('single_choice', 'multiple_choice', 'text', 'number', 'date', 'yes_no')`),
  ],
);

const milestoneRef = () => uuid("milestone_id").notNull().references(() => milestones.id, { onDelete: "cascade" });
const courseRef = () => uuid("course_id").notNull().references(() => courses.id, { onDelete: "cascade" });
const lessonRef = () => uuid("lesson_id").notNull().references(() => lessons.id, { onDelete: "cascade" });
const topicRef = () => uuid("topic_id").notNull().references(() => topics.id, { onDelete: "cascade" });
const questionRef = () => uuid("question_id").notNull().references(() => configurationQuestions.id, { onDelete: "cascade" });

export const milestoneCourses = pgTable(
  "milestone_courses",
  { milestoneId: milestoneRef(), courseId: courseRef(), position: integer("position").notNull() },
  (table) => [primaryKey({ columns: [table.milestoneId, table.courseId] }), index("milestone_courses_course_idx").on(table.courseId)],
);

export const courseLessons = pgTable(
  "course_lessons",
  { courseId: courseRef(), lessonId: lessonRef(), position: integer("position").notNull() },
  (table) => [primaryKey({ columns: [table.courseId, table.lessonId] }), index("course_lessons_lesson_idx").on(table.lessonId)],
);

export const lessonTopics = pgTable(
  "lesson_topics",
  { lessonId: lessonRef(), topicId: topicRef(), position: integer("position").notNull() },
  (table) => [primaryKey({ columns: [table.lessonId, table.topicId] }), index("lesson_topics_topic_idx").on(table.topicId)],
);

export const lessonQuestions = pgTable(
  "lesson_questions",
  { lessonId: lessonRef(), questionId: questionRef(), position: integer("position").notNull() },
  (table) => [primaryKey({ columns: [table.lessonId, table.questionId] }), index("lesson_questions_question_idx").on(table.questionId)],
);

/** The questions a survey topic asks, answered in place. */
export const topicQuestions = pgTable(
  "topic_questions",
  { topicId: topicRef(), questionId: questionRef(), position: integer("position").notNull() },
  (table) => [primaryKey({ columns: [table.topicId, table.questionId] }), index("topic_questions_question_idx").on(table.questionId)],
);
