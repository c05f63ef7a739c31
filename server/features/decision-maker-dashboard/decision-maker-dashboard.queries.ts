import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import {
  actionLogs,
  launchpadProgress,
  milestoneHistory,
  moduleSubmissionStatus,
  pricingEstimateLines,
  pricingEstimates,
} from "#server/db/schema/index";
import { isNotDoneSql, isOverdueSql, organizationTodaySql } from "#server/queries/action-log-status.queries";

/** What the Decision-maker Dashboard reads besides the readiness facts (server/queries/readiness-facts.queries.ts). */

export interface SubscriptionRow {
  name: string;
  editionId: string | null;
  isLocked: boolean;
  lineCount: number;
  /** numeric text: Σ price × quantity of the active lines, as the estimates total them. */
  monthlyTotal: string;
}

/** The locked estimate, else the primary one (at most one of each per organization); none with neither. */
export async function selectSubscriptionEstimate(db: Queryable, organizationId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select({
      name: pricingEstimates.name,
      editionId: pricingEstimates.editionId,
      isLocked: pricingEstimates.isLocked,
      lineCount: sql<number>`count(${pricingEstimateLines.id})`.mapWith(Number),
      monthlyTotal: sql<string>`coalesce(sum(${pricingEstimateLines.price} * ${pricingEstimateLines.quantity}), 0)`.mapWith(String),
    })
    .from(pricingEstimates)
    .leftJoin(pricingEstimateLines, and(eq(pricingEstimateLines.headerId, pricingEstimates.id), eq(pricingEstimateLines.status, "active")))
    .where(and(eq(pricingEstimates.organizationId, organizationId), sql`(${pricingEstimates.isLocked} or ${pricingEstimates.isPrimary})`))
    .groupBy(pricingEstimates.id)
    .orderBy(desc(pricingEstimates.isLocked))
    .limit(1);
  return row;
}

export interface OpenEntryRow {
  id: string;
  number: number;
  type: string;
  title: string;
  status: string;
  impactLevel: string;
  likelihood: string | null;
  dueDate: string | null;
  createdAt: Date;
}

const entryColumns = {
  id: actionLogs.id,
  number: actionLogs.number,
  type: actionLogs.actionLogType,
  title: actionLogs.title,
  status: actionLogs.status,
  impactLevel: actionLogs.impactLevel,
  likelihood: actionLogs.likelihood,
  dueDate: actionLogs.dueDate,
  createdAt: actionLogs.createdAt,
};

/** Every open risk: their score is the domain's (riskScore), so they are ranked by the service. */
export function selectOpenRisks(db: Queryable, organizationId: string): Promise<OpenEntryRow[]> {
  return db
    .select(entryColumns)
    .from(actionLogs)
    .where(and(eq(actionLogs.organizationId, organizationId), eq(actionLogs.actionLogType, "Risk"), isNotDoneSql))
    .orderBy(asc(actionLogs.number));
}

/** The oldest `limit` open decisions, each with the count of all of them. */
export function selectAwaitingDecisions(db: Queryable, organizationId: string, limit: number): Promise<(OpenEntryRow & { total: number })[]> {
  return db
    .select({ ...entryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(actionLogs)
    .where(and(eq(actionLogs.organizationId, organizationId), eq(actionLogs.actionLogType, "Decision"), isNotDoneSql))
    .orderBy(asc(actionLogs.createdAt), asc(actionLogs.number))
    .limit(limit);
}

/** The `limit` open entries longest past their due date in the organization's time zone, with the count of all. */
export function selectOverdueEntries(db: Queryable, organizationId: string, limit: number): Promise<(OpenEntryRow & { total: number; daysOverdue: number })[]> {
  const today = organizationTodaySql(organizationId);
  return db
    .select({
      ...entryColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      daysOverdue: sql<number>`(${today} - ${actionLogs.dueDate})`.mapWith(Number),
    })
    .from(actionLogs)
    .where(and(eq(actionLogs.organizationId, organizationId), isOverdueSql(today)))
    .orderBy(asc(actionLogs.dueDate), asc(actionLogs.number))
    .limit(limit);
}

export interface WeeklyChangeCounts {
  entriesCreated: number;
  entriesResolved: number;
  milestonesCompleted: number;
  launchpadPagesCompleted: number;
  modulesSubmitted: number;
}

/**
 * What happened in the last `days` days, in one statement. A milestone counts once however often
 * it was completed (a reopening and a new completion); one completed and then reopened still
 * counts, as the history says it was done in the week.
 */
export async function selectWeeklyChangeCounts(db: Queryable, organizationId: string, days: number): Promise<WeeklyChangeCounts> {
  const since = sql`now() - make_interval(days => ${days}::int)`;
  const counted = (from: ReturnType<typeof sql>) => sql<number>`(select count(*) from ${from})`.mapWith(Number);
  const [row] = await db
    .select({
      entriesCreated: counted(sql`${actionLogs} a where a.organization_id = ${organizationId} and a.created_at >= ${since}`),
      entriesResolved: counted(sql`${actionLogs} a where a.organization_id = ${organizationId} and a.resolved_at >= ${since}`),
      milestonesCompleted: sql<number>`(select count(distinct h.milestone_id) from ${milestoneHistory} h
        where h.organization_id = ${organizationId} and h.event in ('completed', 'completed_early') and h.created_at >= ${since})`.mapWith(Number),
      launchpadPagesCompleted: counted(sql`${launchpadProgress} p where p.organization_id = ${organizationId} and p.is_completed and p.completed_at >= ${since}`),
      modulesSubmitted: counted(sql`${moduleSubmissionStatus} s where s.organization_id = ${organizationId} and s.is_submitted and s.submitted_at >= ${since}`),
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error("the weekly change counts answered no row");
  return row;
}
