import { and, desc, eq, sql } from "drizzle-orm";
import type { MilestoneStatus } from "#common/domain/launch-plan";
import type { CourseTally, MilestoneHistoryEvent } from "#common/domain/milestone-completion";
import type { Queryable, Transaction } from "#server/db/database";
import { milestoneHistory, milestoneOrganizations, profiles, users } from "#server/db/schema/index";
import { personNameSql } from "#server/queries/person-name.queries";

export async function upsertMilestoneStatus(tx: Transaction, organizationId: string, milestoneId: string, status: MilestoneStatus, now: Date) {
  const completedAt = status === "completed" ? now : null;
  const [row] = await tx
    .insert(milestoneOrganizations)
    .values({ organizationId, milestoneId, completionStatus: status, completedAt, updatedAt: now })
    .onConflictDoUpdate({
      target: [milestoneOrganizations.organizationId, milestoneOrganizations.milestoneId],
      set: { completionStatus: status, completedAt, updatedAt: now },
    })
    .returning({ status: milestoneOrganizations.completionStatus, completedAt: milestoneOrganizations.completedAt });
  return row as { status: MilestoneStatus; completedAt: Date | null };
}

export async function upsertMilestoneOverride(tx: Transaction, organizationId: string, milestoneId: string, override: "include" | "exclude" | null, by: string, now: Date) {
  const [row] = await tx
    .insert(milestoneOrganizations)
    .values({ organizationId, milestoneId, planOverride: override, overrideBy: by, overrideAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [milestoneOrganizations.organizationId, milestoneOrganizations.milestoneId],
      set: { planOverride: override, overrideBy: by, overrideAt: now, updatedAt: now },
    })
    .returning({ status: milestoneOrganizations.completionStatus, completedAt: milestoneOrganizations.completedAt });
  return row as { status: MilestoneStatus; completedAt: Date | null };
}

/** Who acted, as the history names them: the profile's name, else the account's, else its address (null once deleted). */
const actorNameSql = personNameSql();

export async function insertMilestoneHistory(
  tx: Transaction,
  organizationId: string,
  entry: { milestoneId: string; event: MilestoneHistoryEvent; actor: string; reason: string | null; tally: CourseTally },
): Promise<void> {
  // created_at is the database's transaction time (microseconds): events of one milestone never tie.
  await tx.insert(milestoneHistory).values({
    organizationId,
    milestoneId: entry.milestoneId,
    event: entry.event,
    actor: entry.actor,
    reason: entry.reason,
    coursesComplete: entry.tally.complete,
    coursesTotal: entry.tally.total,
  });
}

export interface MilestoneHistoryRow {
  id: string;
  event: MilestoneHistoryEvent;
  at: Date;
  byName: string | null;
  reason: string | null;
  coursesComplete: number;
  coursesTotal: number;
}

/** The organization's events of one milestone, newest first. */
export function selectMilestoneHistory(db: Queryable, organizationId: string, milestoneId: string): Promise<MilestoneHistoryRow[]> {
  return db
    .select({
      id: milestoneHistory.id,
      event: sql<MilestoneHistoryEvent>`${milestoneHistory.event}`,
      at: milestoneHistory.createdAt,
      byName: actorNameSql,
      reason: milestoneHistory.reason,
      coursesComplete: milestoneHistory.coursesComplete,
      coursesTotal: milestoneHistory.coursesTotal,
    })
    .from(milestoneHistory)
    .leftJoin(users, eq(users.id, milestoneHistory.actor))
    .leftJoin(profiles, eq(profiles.id, milestoneHistory.actor))
    .where(and(eq(milestoneHistory.organizationId, organizationId), eq(milestoneHistory.milestoneId, milestoneId)))
    .orderBy(desc(milestoneHistory.createdAt), desc(milestoneHistory.id));
}

/**
 * A lateral subquery, named `last_event`, of the organization's latest event of each milestone
 * of the outer query (`milestones`): whether its completion was early, by whom and how far.
 */
export function lastMilestoneEventSql(organizationId: string) {
  const outerMilestoneId = sql.raw(`"milestones"."id"`);
  return sql`lateral (select h.event, h.created_at, h.courses_complete, h.courses_total,
      ${personNameSql({ fullName: sql.raw("p.full_name"), name: sql.raw("u.name"), email: sql.raw("u.email") })} as by_name
    from ${milestoneHistory} h left join ${users} u on u.id = h.actor left join ${profiles} p on p.id = h.actor
    where h.organization_id = ${organizationId} and h.milestone_id = ${outerMilestoneId}
    order by h.created_at desc, h.id desc limit 1) last_event`;
}

/** The columns of `last_event`, for the outer select. */
export const lastMilestoneEventColumns = {
  lastEvent: sql<MilestoneHistoryEvent | null>`last_event.event`,
  lastEventAt: sql<Date | null>`last_event.created_at`.mapWith(milestoneHistory.createdAt),
  lastEventByName: sql<string | null>`last_event.by_name`,
  lastEventCoursesComplete: sql<number | null>`last_event.courses_complete`.mapWith(Number),
  lastEventCoursesTotal: sql<number | null>`last_event.courses_total`.mapWith(Number),
};
