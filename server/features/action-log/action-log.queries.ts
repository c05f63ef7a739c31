import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { isOverdueSql, organizationTodaySql } from "#server/queries/action-log-status.queries";
import { actionLogComments, actionLogCounters, actionLogHistory, actionLogs, entityAttachments, milestones, profiles, users } from "#server/db/schema/index";
import { personNameSql } from "#server/queries/person-name.queries";

/** Statements of single entries, their history and comments; every one is scoped to the organization. */

export type EntryChange = { field: string; from: string | null; to: string | null };

export interface EntryRow {
  id: string;
  organizationId: string;
  number: number;
  title: string;
  description: string | null;
  assignedTo: string | null;
  status: string;
  priority: string;
  actionLogType: string;
  actionLogCategory: string;
  impactLevel: string;
  likelihood: string | null;
  actionLogPhase: string | null;
  platform: string;
  resolutionNotes: string | null;
  dueDate: string | null;
  helpType: string | null;
  sourcePage: string | null;
  sourceBrowser: string | null;
  creator: string | null;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
  /** Due before the organization's today and not done. */
  isOverdue: boolean;
}

export type EntryValues = Omit<typeof actionLogs.$inferInsert, "id" | "organizationId" | "number" | "createdAt">;


/** The entry's columns (the search vector left out), overdue decided on `today`. */
export function entryColumns(today: ReturnType<typeof sql>) {
  return {
    id: actionLogs.id,
    organizationId: actionLogs.organizationId,
    number: actionLogs.number,
    title: actionLogs.title,
    description: actionLogs.description,
    assignedTo: actionLogs.assignedTo,
    status: actionLogs.status,
    priority: actionLogs.priority,
    actionLogType: actionLogs.actionLogType,
    actionLogCategory: actionLogs.actionLogCategory,
    impactLevel: actionLogs.impactLevel,
    likelihood: actionLogs.likelihood,
    actionLogPhase: actionLogs.actionLogPhase,
    platform: actionLogs.platform,
    resolutionNotes: actionLogs.resolutionNotes,
    dueDate: actionLogs.dueDate,
    helpType: actionLogs.helpType,
    sourcePage: actionLogs.sourcePage,
    sourceBrowser: actionLogs.sourceBrowser,
    creator: actionLogs.creator,
    createdAt: actionLogs.createdAt,
    updatedAt: actionLogs.updatedAt,
    resolvedAt: actionLogs.resolvedAt,
    isOverdue: isOverdueSql(today),
  };
}

const ofEntry = (organizationId: string, actionLogId: string) => and(eq(actionLogs.organizationId, organizationId), eq(actionLogs.id, actionLogId));

/** One entry of the organization; `lock` holds it until the transaction ends (an update reads, then writes). */
export async function selectEntry(db: Queryable, organizationId: string, actionLogId: string, lock = false): Promise<EntryRow | undefined> {
  const query = db.select(entryColumns(organizationTodaySql(organizationId))).from(actionLogs).where(ofEntry(organizationId, actionLogId));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/**
 * The organization's next entry number. The upsert's row lock makes two creates at once wait for
 * each other, so each gets its own number.
 */
export async function takeNextEntryNumber(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db
    .insert(actionLogCounters)
    .values({ organizationId, lastNumber: 1 })
    .onConflictDoUpdate({ target: actionLogCounters.organizationId, set: { lastNumber: sql`${actionLogCounters.lastNumber} + 1` } })
    .returning({ number: actionLogCounters.lastNumber });
  if (!row) throw new Error("the counter upsert returned no row");
  return row.number;
}

export async function insertEntry(db: Queryable, organizationId: string, number: number, values: EntryValues): Promise<string> {
  const [row] = await db
    .insert(actionLogs)
    .values({ ...values, organizationId, number })
    .returning({ id: actionLogs.id });
  if (!row) throw new Error("the entry insert returned no row");
  return row.id;
}

export async function updateEntry(db: Queryable, organizationId: string, actionLogId: string, values: Partial<EntryValues>): Promise<void> {
  await db.update(actionLogs).set(values).where(ofEntry(organizationId, actionLogId));
}

/** Removes the entry (its history and comments go with it) and its attachment links; the files stay. Returns the links removed. */
export async function deleteEntry(db: Queryable, organizationId: string, actionLogId: string): Promise<{ deleted: boolean; linksRemoved: number }> {
  const links = await db
    .delete(entityAttachments)
    .where(
      and(
        eq(entityAttachments.organizationId, organizationId),
        eq(entityAttachments.entityType, "action_log"),
        eq(entityAttachments.entityId, actionLogId),
      ),
    )
    .returning({ id: entityAttachments.id });
  const deleted = await db.delete(actionLogs).where(ofEntry(organizationId, actionLogId)).returning({ id: actionLogs.id });
  return { deleted: deleted.length > 0, linksRemoved: links.length };
}

export async function insertHistory(
  db: Queryable,
  organizationId: string,
  values: { actionLogId: string; actor: string | null; event: "created" | "updated"; changes: EntryChange[] },
): Promise<void> {
  await db.insert(actionLogHistory).values({ organizationId, ...values });
}

export interface HistoryRow {
  id: string;
  event: string;
  actorId: string | null;
  actorName: string | null;
  changes: EntryChange[];
  createdAt: Date;
}

/** The entry's history, oldest first. */
export function selectHistory(db: Queryable, organizationId: string, actionLogId: string): Promise<HistoryRow[]> {
  return db
    .select({
      id: actionLogHistory.id,
      event: actionLogHistory.event,
      actorId: actionLogHistory.actor,
      actorName: personNameSql<string>(),
      changes: actionLogHistory.changes,
      createdAt: actionLogHistory.createdAt,
    })
    .from(actionLogHistory)
    .leftJoin(users, eq(users.id, actionLogHistory.actor))
    .leftJoin(profiles, eq(profiles.id, actionLogHistory.actor))
    .where(and(eq(actionLogHistory.organizationId, organizationId), eq(actionLogHistory.actionLogId, actionLogId)))
    .orderBy(asc(actionLogHistory.createdAt), asc(actionLogHistory.id));
}

export interface CommentRow {
  id: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  createdAt: Date;
}

const commentColumns = {
  id: actionLogComments.id,
  authorId: actionLogComments.author,
  authorName: personNameSql<string>(),
  body: actionLogComments.body,
  createdAt: actionLogComments.createdAt,
};

/** The entry's comments, oldest first. */
export function selectComments(db: Queryable, organizationId: string, actionLogId: string): Promise<CommentRow[]> {
  return db
    .select(commentColumns)
    .from(actionLogComments)
    .leftJoin(users, eq(users.id, actionLogComments.author))
    .leftJoin(profiles, eq(profiles.id, actionLogComments.author))
    .where(and(eq(actionLogComments.organizationId, organizationId), eq(actionLogComments.actionLogId, actionLogId)))
    .orderBy(asc(actionLogComments.createdAt), asc(actionLogComments.id));
}

export async function insertComment(
  db: Queryable,
  organizationId: string,
  values: { actionLogId: string; author: string; body: string },
): Promise<CommentRow> {
  const [inserted] = await db
    .insert(actionLogComments)
    .values({ organizationId, ...values })
    .returning({ id: actionLogComments.id });
  if (!inserted) throw new Error("the comment insert returned no row");
  const [row] = await db
    .select(commentColumns)
    .from(actionLogComments)
    .leftJoin(users, eq(users.id, actionLogComments.author))
    .leftJoin(profiles, eq(profiles.id, actionLogComments.author))
    .where(and(eq(actionLogComments.organizationId, organizationId), eq(actionLogComments.id, inserted.id)));
  if (!row) throw new Error("the inserted comment was not found");
  return row;
}

export interface PersonRow {
  id: string;
  name: string;
  isEmployee: boolean;
}

/** People by id (the page's assignees and creators). */
export function selectPeople(db: Queryable, userIds: readonly string[]): Promise<PersonRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: personNameSql<string>(), isEmployee: sql<boolean>`coalesce(${profiles.isEmployee}, false)` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, [...userIds]));
}

/** Milestone titles by id (the page's phases); milestones are the provider's, shared by every organization. */
export function selectMilestoneTitles(db: Queryable, milestoneIds: readonly string[]): Promise<{ id: string; title: string }[]> {
  if (milestoneIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: milestones.id, title: milestones.title })
    .from(milestones)
    .where(inArray(milestones.id, [...milestoneIds]));
}

/** The person when they may be assigned an entry of the organization: one of its members, or a provider employee. */
export async function selectAssignablePerson(db: Queryable, organizationId: string, userId: string): Promise<PersonRow | undefined> {
  const [row] = await db
    .select({ id: users.id, name: personNameSql<string>(), isEmployee: profiles.isEmployee })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.id, userId), or(eq(profiles.organizationId, organizationId), eq(profiles.isEmployee, true))));
  return row;
}
