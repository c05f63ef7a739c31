import { sql } from "drizzle-orm";
import { ACTION_LOG_DONE_STATUSES } from "#common/domain/action-log";
import { actionLogs, organizations } from "#server/db/schema/index";

/**
 * When an action log entry is open or overdue, in SQL: the action log's lists and every overview
 * that counts entries (the Tools page, and the readiness score and portfolio to come) read the
 * same rules (common/domain/action-log.ts: Resolved and Closed are done).
 */

const doneStatusList = sql.join(
  ACTION_LOG_DONE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Whether an entry is overdue on `today` (a date expression). */
export const isOverdueSql = (today: ReturnType<typeof sql>) =>
  sql<boolean>`coalesce(${actionLogs.dueDate} < ${today} and ${actionLogs.status} not in (${doneStatusList}), false)`;

/** The organization's today in its own time zone; uncorrelated, so it runs once per statement. */
export const organizationTodaySql = (organizationId: string) =>
  sql`(select (now() at time zone o.time_zone)::date from ${organizations} o where o.id = ${organizationId})`;

/** `status` is not Resolved or Closed. */
export const isNotDoneSql = sql<boolean>`${actionLogs.status} not in (${doneStatusList})`;
