import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { ACTION_LOG_DONE_STATUSES } from "#common/domain/action-log";
import type { Queryable } from "#server/db/database";
import { actionLogs, organizations, profiles, scheduledJobRuns } from "#server/db/schema/index";

export async function selectOrganizationTimeZones(db: Queryable, organizationIds?: readonly string[]) {
  return db
    .select({ id: organizations.id, timeZone: organizations.timeZone })
    .from(organizations)
    .where(organizationIds ? inArray(organizations.id, [...organizationIds]) : undefined);
}

export async function selectCompletedRunKeys(db: Queryable, job: string, runKeys: readonly string[]): Promise<Set<string>> {
  if (runKeys.length === 0) return new Set();
  const rows = await db
    .select({ runKey: scheduledJobRuns.runKey })
    .from(scheduledJobRuns)
    .where(and(eq(scheduledJobRuns.job, job), inArray(scheduledJobRuns.runKey, [...runKeys]), isNotNull(scheduledJobRuns.completedAt)));
  return new Set(rows.map((row) => row.runKey));
}

export interface JobClaim {
  job: string;
  runKey: string;
  lockedBy: string;
  leaseUntil: Date;
}

/** Claims a run nobody started: true when this call inserted it. */
export async function insertJobRun(db: Queryable, claim: JobClaim): Promise<boolean> {
  const rows = await db
    .insert(scheduledJobRuns)
    .values(claim)
    .onConflictDoNothing({ target: [scheduledJobRuns.job, scheduledJobRuns.runKey] })
    .returning({ runKey: scheduledJobRuns.runKey });
  return rows.length > 0;
}

/** Takes over a run whose instance stopped before finishing (its lease ran out): true when taken. */
export async function takeOverExpiredJobRun(db: Queryable, claim: JobClaim, now: Date): Promise<boolean> {
  const rows = await db
    .update(scheduledJobRuns)
    .set({ lockedBy: claim.lockedBy, leaseUntil: claim.leaseUntil, attempts: sql`${scheduledJobRuns.attempts} + 1` })
    .where(
      and(
        eq(scheduledJobRuns.job, claim.job),
        eq(scheduledJobRuns.runKey, claim.runKey),
        isNull(scheduledJobRuns.completedAt),
        or(isNull(scheduledJobRuns.leaseUntil), lt(scheduledJobRuns.leaseUntil, now)),
      ),
    )
    .returning({ runKey: scheduledJobRuns.runKey });
  return rows.length > 0;
}

export async function completeJobRun(db: Queryable, job: string, runKey: string): Promise<void> {
  await db
    .update(scheduledJobRuns)
    .set({ completedAt: sql`now()`, leaseUntil: null })
    .where(and(eq(scheduledJobRuns.job, job), eq(scheduledJobRuns.runKey, runKey)));
}

/**
 * The organization's open entries with an assignee who still belongs to it (a member or an
 * employee), due on `tomorrow` or before `today`.
 */
export async function selectDueEntries(db: Queryable, organizationId: string, today: string, tomorrow: string) {
  return db
    .select({
      id: actionLogs.id,
      number: actionLogs.number,
      type: actionLogs.actionLogType,
      title: actionLogs.title,
      dueDate: actionLogs.dueDate,
      assigneeId: profiles.id,
    })
    .from(actionLogs)
    .innerJoin(profiles, eq(profiles.id, actionLogs.assignedTo))
    .where(
      and(
        eq(actionLogs.organizationId, organizationId),
        notInArray(actionLogs.status, [...ACTION_LOG_DONE_STATUSES]),
        or(eq(actionLogs.dueDate, tomorrow), lt(actionLogs.dueDate, today)),
        or(eq(profiles.isEmployee, true), eq(profiles.organizationId, organizationId)),
      ),
    )
    .orderBy(actionLogs.dueDate, actionLogs.number);
}
