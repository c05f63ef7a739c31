import { count, notInArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Queryable, Transaction } from "#server/db/database";
import {
  configurationQuestions,
  courseLessons,
  courses,
  lessonQuestions,
  lessons,
  lessonTopics,
  milestoneCourses,
  milestones,
  supportFaq,
  topicQuestions,
  topics,
} from "#server/db/schema/index";

/** Serialises curriculum imports (and the first load at start by several instances). */
const CURRICULUM_LOCK_KEY = 72_710_015;

export async function lockCurriculumForWrite(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CURRICULUM_LOCK_KEY})`);
}

export async function countMilestones(db: Queryable): Promise<number> {
  const [row] = await db.select({ total: count() }).from(milestones);
  return row?.total ?? 0;
}

/** `excluded.<column>` for every named column: an upsert by key overwrites them. */
function takeExcluded(columns: Record<string, PgColumn>): Record<string, ReturnType<typeof sql>> {
  return Object.fromEntries(Object.entries(columns).map(([field, column]) => [field, sql.raw(`excluded."${column.name}"`)]));
}

/** At most 11 parameters a row: 2,000 rows stay well below PostgreSQL's 65,535 per statement. */
const UPSERT_BATCH_ROWS = 2_000;

type KeyedTable = typeof milestones | typeof courses | typeof lessons | typeof topics | typeof configurationQuestions;

async function upsertByKey<T extends KeyedTable>(tx: Transaction, table: T, rows: T["$inferInsert"][], updated: Record<string, PgColumn>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let start = 0; start < rows.length; start += UPSERT_BATCH_ROWS) {
    const written = await tx
      .insert(table as KeyedTable)
      .values(rows.slice(start, start + UPSERT_BATCH_ROWS) as never)
      .onConflictDoUpdate({ target: table.key, set: { ...takeExcluded(updated), updatedAt: sql`now()` } })
      .returning({ id: table.id, key: table.key });
    for (const row of written) ids.set(row.key, row.id);
  }
  return ids;
}

export function upsertMilestones(tx: Transaction, rows: (typeof milestones.$inferInsert)[]) {
  const { title, description, goals, position, timeEstimate, modules } = milestones;
  return upsertByKey(tx, milestones, rows, { title, description, goals, position, timeEstimate, modules });
}

export function upsertCourses(tx: Transaction, rows: (typeof courses.$inferInsert)[]) {
  const { title, description, modules, hasSidebar, position } = courses;
  return upsertByKey(tx, courses, rows, { title, description, modules, hasSidebar, position });
}

export function upsertLessons(tx: Transaction, rows: (typeof lessons.$inferInsert)[]) {
  const { title, description, position } = lessons;
  return upsertByKey(tx, lessons, rows, { title, description, position });
}

export function upsertTopics(tx: Transaction, rows: (typeof topics.$inferInsert)[]) {
  const { title, description, type, bodyMarkdown, videoUrl, videoFile, durationMinutes, position } = topics;
  return upsertByKey(tx, topics, rows, { title, description, type, bodyMarkdown, videoUrl, videoFile, durationMinutes, position });
}

export function upsertConfigurationQuestions(tx: Transaction, rows: (typeof configurationQuestions.$inferInsert)[]) {
  const { prompt, help, kind, options, required, module, position } = configurationQuestions;
  return upsertByKey(tx, configurationQuestions, rows, { prompt, help, kind, options, required, module, position });
}

/** Removes the entries whose key the new curriculum no longer has (their links and progress go with them). */
const KEYED_TABLES = { milestones, courses, lessons, topics, configurationQuestions } as const;

export async function deleteEntriesNotIn(tx: Transaction, list: keyof typeof KEYED_TABLES, keys: readonly string[]): Promise<number> {
  const table: KeyedTable = KEYED_TABLES[list];
  const removed = await tx
    .delete(table)
    .where(keys.length === 0 ? sql`true` : notInArray(table.key, [...keys]))
    .returning({ id: table.id });
  return removed.length;
}

export async function setMilestonePrerequisites(tx: Transaction, prerequisites: ReadonlyMap<string, string[]>): Promise<void> {
  for (const [milestoneId, prerequisiteIds] of prerequisites) {
    await tx
      .update(milestones)
      .set({ prerequisiteMilestoneIds: prerequisiteIds })
      .where(sql`${milestones.id} = ${milestoneId}`);
  }
}

const LINK_TABLES = { milestoneCourses, courseLessons, lessonTopics, lessonQuestions, topicQuestions } as const;
export type CurriculumLinks = { [K in keyof typeof LINK_TABLES]: (typeof LINK_TABLES)[K]["$inferInsert"][] };

/** 3 parameters a row: far below PostgreSQL's 65,535 per statement. */
const LINK_BATCH_ROWS = 5_000;

/** Replaces every link of the curriculum; positions follow the manifest's order. */
export async function replaceCurriculumLinks(tx: Transaction, links: CurriculumLinks): Promise<void> {
  for (const [name, table] of Object.entries(LINK_TABLES) as [keyof CurriculumLinks, PgTable][]) {
    await tx.delete(table);
    const rows = links[name];
    for (let start = 0; start < rows.length; start += LINK_BATCH_ROWS) {
      await tx.insert(table).values(rows.slice(start, start + LINK_BATCH_ROWS) as never);
    }
  }
}

/** Keeps each course's lesson count and each lesson's topic and question counts (the progress reads use them) in step with the links. */
export async function refreshLinkCounts(tx: Transaction): Promise<void> {
  await tx.execute(sql`update ${courses} set
    lesson_count = (select count(*) from ${courseLessons} cl where cl.course_id = ${sql.raw(`"courses"."id"`)})`);
  await tx.execute(sql`update ${lessons} set
    topic_count = (select count(*) from ${lessonTopics} lt where lt.lesson_id = ${sql.raw(`"lessons"."id"`)}),
    question_count = (select count(*) from ${lessonQuestions} lq where lq.lesson_id = ${sql.raw(`"lessons"."id"`)})`);
}

/**
 * Refreshes the planner's statistics of the curriculum's tables after an import replaced them:
 * the embedded engine has no autovacuum, and a plan made for the old sizes (a sequential scan of
 * 40,000 topic links) costs every read.
 */
export async function analyzeCurriculumTables(tx: Transaction): Promise<void> {
  await tx.execute(
    sql`analyze ${milestones}, ${courses}, ${lessons}, ${topics}, ${configurationQuestions}, ${milestoneCourses}, ${courseLessons}, ${lessonTopics}, ${lessonQuestions}, ${topicQuestions}`,
  );
}

/** Stores the FAQ shown on /support (the manifest's support_faq), or removes it when the curriculum names none. */
export async function replaceSupportFaq(tx: Transaction, markdown: string | null): Promise<void> {
  if (markdown === null) {
    await tx.delete(supportFaq);
    return;
  }
  await tx
    .insert(supportFaq)
    .values({ bodyMarkdown: markdown })
    .onConflictDoUpdate({ target: supportFaq.singleton, set: { bodyMarkdown: markdown, updatedAt: sql`now()` } });
}
