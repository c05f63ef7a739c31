import { count, eq, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { actionLogs, content } from "#server/db/schema/index";
import { isNotDoneSql, isOverdueSql, organizationTodaySql } from "#server/queries/action-log-status.queries";

/** Counts the Tools page shows; every statement is scoped to the organization. */

export interface EntryCountRow {
  type: string;
  open: number;
  overdue: number;
  total: number;
}

/** The organization's action log entries by type: open, overdue (in its time zone) and all. */
export function selectEntryCountsByType(db: Queryable, organizationId: string): Promise<EntryCountRow[]> {
  return db
    .select({
      type: actionLogs.actionLogType,
      open: sql<number>`count(*) filter (where ${isNotDoneSql})`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${isOverdueSql(organizationTodaySql(organizationId))})`.mapWith(Number),
      total: count(),
    })
    .from(actionLogs)
    .where(eq(actionLogs.organizationId, organizationId))
    .groupBy(actionLogs.actionLogType);
}

export interface LibraryCountRow {
  files: number;
  folders: number;
  bytes: number;
}

/** The organization's file library: files, folders and the bytes its files hold. */
export async function selectLibraryCounts(db: Queryable, organizationId: string): Promise<LibraryCountRow> {
  const [row] = await db
    .select({
      files: sql<number>`count(*) filter (where not ${content.isFolder})`.mapWith(Number),
      folders: sql<number>`count(*) filter (where ${content.isFolder})`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${content.fileSize}), 0)`.mapWith(Number),
    })
    .from(content)
    .where(eq(content.organizationId, organizationId));
  return row ?? { files: 0, folders: 0, bytes: 0 };
}
