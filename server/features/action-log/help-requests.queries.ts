import { and, asc, eq, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "#server/db/database";
import { actionLogs, content, entityAttachments, organizations, profiles } from "#server/db/schema/index";
import { isNotDoneSql } from "#server/queries/action-log-status.queries";
import { type EntryRow, entryColumns } from "./action-log.queries.ts";

/** Statements of Get Expert Help: an entry's attachment links, and the employees' inbox across organizations. */

/** Whether the library item is a file (not a folder) of the organization. */
export async function selectIsOrganizationFile(db: Queryable, organizationId: string, contentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.organizationId, organizationId), eq(content.id, contentId), eq(content.isFolder, false)));
  return row !== undefined;
}

/** Links a library file to the entry; false when it is linked already. */
export async function insertEntryAttachment(
  db: Queryable,
  organizationId: string,
  values: { actionLogId: string; contentId: string; attachedBy: string },
): Promise<boolean> {
  const rows = await db
    .insert(entityAttachments)
    .values({ organizationId, entityType: "action_log", entityId: values.actionLogId, contentId: values.contentId, attachedBy: values.attachedBy })
    .onConflictDoNothing()
    .returning({ id: entityAttachments.id });
  return rows.length > 0;
}

export interface InboxRow extends EntryRow {
  organizationName: string;
  reason: "help_request" | "overdue";
}

const assigneeProfile = alias(profiles, "assignee_profile");
/** Each entry's own organization's today, in that organization's time zone. */
const entryOrganizationToday = sql`(now() at time zone ${organizations.timeZone})::date`;

/**
 * Every organization's entries the provider must act on, oldest first: help requests not done,
 * and entries assigned to an employee that are overdue in their organization's day.
 */
export function selectInboxRows(db: Queryable, limit: number): Promise<InboxRow[]> {
  return db
    .select({
      ...entryColumns(entryOrganizationToday),
      organizationName: organizations.organizationName,
      reason: sql<"help_request" | "overdue">`case when ${actionLogs.helpType} is not null then 'help_request' else 'overdue' end`,
    })
    .from(actionLogs)
    .innerJoin(organizations, eq(organizations.id, actionLogs.organizationId))
    .leftJoin(assigneeProfile, eq(assigneeProfile.id, actionLogs.assignedTo))
    .where(
      and(
        isNotDoneSql,
        or(
          isNotNull(actionLogs.helpType),
          and(eq(assigneeProfile.isEmployee, true), sql`${actionLogs.dueDate} < ${entryOrganizationToday}`),
        ),
      ),
    )
    .orderBy(asc(actionLogs.createdAt), asc(actionLogs.id))
    .limit(limit);
}
