import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { SupportSettingsInput } from "#common/contracts/support";
import type { Queryable } from "#server/db/database";
import { actionLogs, supportSettings } from "#server/db/schema/index";

/** Statements of /support: the provider's settings row, and the organization's help requests. */

export type SupportSettingsRow = typeof supportSettings.$inferSelect;

/** The one settings row; undefined until an employee saves them. */
export async function selectSupportSettings(db: Queryable): Promise<SupportSettingsRow | undefined> {
  const [row] = await db.select().from(supportSettings).limit(1);
  return row;
}

export async function upsertSupportSettings(db: Queryable, input: SupportSettingsInput, updatedBy: string): Promise<SupportSettingsRow> {
  const values = {
    contacts: input.contacts,
    supportHours: input.support_hours,
    timeZone: input.time_zone,
    firstResponseHours: input.first_response_hours,
    responsePromise: input.response_promise,
    updatedBy,
  };
  const [row] = await db
    .insert(supportSettings)
    .values(values)
    .onConflictDoUpdate({ target: supportSettings.singleton, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export interface HelpRequestRow {
  id: string;
  number: number;
  title: string;
  actionLogType: string;
  helpType: string;
  status: string;
  creator: string | null;
  createdAt: Date;
}

/** The organization's Get Expert Help entries, newest first (action_logs_organization_created_idx). */
export function selectHelpRequests(db: Queryable, organizationId: string, limit: number): Promise<HelpRequestRow[]> {
  return db
    .select({
      id: actionLogs.id,
      number: actionLogs.number,
      title: actionLogs.title,
      actionLogType: actionLogs.actionLogType,
      helpType: sql<string>`${actionLogs.helpType}`,
      status: actionLogs.status,
      creator: actionLogs.creator,
      createdAt: actionLogs.createdAt,
    })
    .from(actionLogs)
    .where(and(eq(actionLogs.organizationId, organizationId), isNotNull(actionLogs.helpType)))
    .orderBy(desc(actionLogs.createdAt), desc(actionLogs.id))
    .limit(limit);
}
