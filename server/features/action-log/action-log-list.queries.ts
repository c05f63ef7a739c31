import { and, asc, eq, inArray, isNull, not, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { ActionLogSort } from "#common/contracts/action-log";
import {
  ACTION_LOG_PRIORITIES,
  ACTION_LOG_STATUSES,
  type ActionLogPriority,
  type ActionLogStatus,
  type ActionLogType,
  IMPACT_LEVELS,
  LIKELIHOODS,
} from "#common/domain/action-log";
import type { Queryable } from "#server/db/database";
import { actionLogs, milestones, profiles, users } from "#server/db/schema/index";
import { isNotDoneSql, isOverdueSql, organizationTodaySql } from "#server/queries/action-log-status.queries";
import { type EntryRow, entryColumns } from "./action-log.queries.ts";
import { personNameSql } from "#server/queries/person-name.queries";

/**
 * The organization's entries filtered, searched, sorted and paged. Every statement starts from
 * the organization (its indexes lead with it): the page is read with its limit and the total
 * counted apart, so a large log costs a bounded page and one count, and names are read for the
 * page alone (action-log-presenter.ts).
 */

export interface EntryFilter {
  /** The types listed; null: every type (no condition, so the newest-first index serves the page). */
  types: readonly ActionLogType[] | null;
  status?: ActionLogStatus | "active";
  priority?: ActionLogPriority;
  /** null: unassigned. */
  assigneeId?: string | null;
  overdue?: boolean;
  /** A prefix query of the words (to_tsquery text built from letters and digits only) and/or a reference's number. */
  search?: { tsquery: string | null; number: number | null };
}

export interface EntryOrder {
  sort: ActionLogSort;
  dir: "asc" | "desc";
}

function filterConditions(organizationId: string, filter: EntryFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(actionLogs.organizationId, organizationId)];
  if (filter.types) conditions.push(inArray(actionLogs.actionLogType, [...filter.types]));
  if (filter.status === "active") conditions.push(isNotDoneSql);
  else if (filter.status) conditions.push(eq(actionLogs.status, filter.status));
  if (filter.priority) conditions.push(eq(actionLogs.priority, filter.priority));
  if (filter.assigneeId === null) conditions.push(isNull(actionLogs.assignedTo));
  else if (filter.assigneeId !== undefined) conditions.push(eq(actionLogs.assignedTo, filter.assigneeId));
  if (filter.overdue) conditions.push(isOverdueSql(organizationTodaySql(organizationId)));
  const search = filter.search;
  if (search && (search.tsquery !== null || search.number !== null)) {
    conditions.push(
      or(
        search.tsquery !== null ? sql`${actionLogs.searchVector} @@ to_tsquery('simple', ${search.tsquery})` : undefined,
        search.number !== null ? eq(actionLogs.number, search.number) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** `case column when v1 then 1 … end`: a value's place in its list (the values are the domain's own, sent as parameters). */
function rankOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`(case ${column} ${sql.join(
    values.map((value, index) => sql`when ${value} then ${sql.raw(String(index + 1))}`),
    sql` `,
  )} end)`;
}

function orderBy({ sort, dir }: EntryOrder): SQL[] {
  const direction = sql.raw(dir === "asc" ? "asc" : "desc");
  const by = (expression: SQL | AnyPgColumn, nullsLast = false) =>
    nullsLast ? sql`${expression} ${direction} nulls last` : sql`${expression} ${direction}`;
  // The number is unique in the organization: it makes every order total, so pages never overlap.
  const tieBreak = by(actionLogs.number);
  switch (sort) {
    case "updated_at":
      return [by(actionLogs.updatedAt), tieBreak];
    case "due_date":
      return [by(actionLogs.dueDate, true), tieBreak];
    case "priority":
      return [by(rankOf(actionLogs.priority, ACTION_LOG_PRIORITIES)), tieBreak];
    case "number":
      return [tieBreak];
    case "risk_score":
      return [by(sql`${rankOf(actionLogs.likelihood, LIKELIHOODS)} * ${rankOf(actionLogs.impactLevel, IMPACT_LEVELS)}`, true), tieBreak];
    case "title":
      return [by(sql`lower(${actionLogs.title})`), tieBreak];
    case "status":
      return [by(rankOf(actionLogs.status, ACTION_LOG_STATUSES)), tieBreak];
    default:
      // Written as the index (organization_id, created_at desc nulls last) orders, read forwards or
      // backwards: a first page is the index's first rows, never a sort of the whole log.
      return [sql`${actionLogs.createdAt} ${direction} ${sql.raw(dir === "asc" ? "nulls first" : "nulls last")}`, tieBreak];
  }
}

/** The matching entries in order: one page, or all of them (the export) when `page` is omitted. */
export function selectEntryPage(
  db: Queryable,
  organizationId: string,
  filter: EntryFilter,
  order: EntryOrder,
  page?: { limit: number; offset: number },
): Promise<EntryRow[]> {
  const query = db
    .select(entryColumns(organizationTodaySql(organizationId)))
    .from(actionLogs)
    .where(filterConditions(organizationId, filter))
    .orderBy(...orderBy(order))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countEntries(db: Queryable, organizationId: string, filter: EntryFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(actionLogs)
    .where(filterConditions(organizationId, filter));
  return row?.count ?? 0;
}

export interface AssigneeRow {
  id: string;
  name: string;
  email: string;
  isEmployee: boolean;
}

const assigneeColumns = { id: users.id, name: personNameSql<string>(), email: users.email, isEmployee: profiles.isEmployee };

/** The organization's members (employees are listed apart), by name. */
export function selectMemberAssignees(db: Queryable, organizationId: string): Promise<AssigneeRow[]> {
  return db
    .select(assigneeColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.organizationId, organizationId), not(profiles.isEmployee)))
    .orderBy(asc(sql`lower(${personNameSql<string>()})`), asc(users.id));
}

/** Every provider employee, by name. */
export function selectEmployeeAssignees(db: Queryable): Promise<AssigneeRow[]> {
  return db
    .select(assigneeColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.isEmployee, true))
    .orderBy(asc(sql`lower(${personNameSql<string>()})`), asc(users.id));
}

/** The curriculum's milestones in plan order (the organization's plan keeps those in its scope). */
export function selectMilestonesInOrder(db: Queryable): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: milestones.id, title: milestones.title })
    .from(milestones)
    .orderBy(sql`${milestones.position} asc nulls last`, asc(milestones.title), asc(milestones.id));
}
