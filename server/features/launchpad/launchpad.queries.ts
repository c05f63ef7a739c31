import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import {
  configurationResponses,
  dataConnections,
  launchpadProgress,
  launchpadSummaries,
  moduleSubmissionStatus,
  ndas,
  organizations,
  pricingEstimates,
} from "#server/db/schema/index";

export type LaunchpadProgressRow = typeof launchpadProgress.$inferSelect;
export type LaunchpadSummaryRow = typeof launchpadSummaries.$inferSelect;

/** The organization's saved pages, by page id (spec §7). */
export function selectLaunchpadProgress(db: Queryable, organizationId: string): Promise<LaunchpadProgressRow[]> {
  return db.select().from(launchpadProgress).where(eq(launchpadProgress.organizationId, organizationId)).orderBy(asc(launchpadProgress.pageId));
}

/**
 * Saves a page's answers. Completing sets is_completed and, the first time, completed_at; a draft
 * saved over a completed page keeps it completed (its answers are updated, the step stays done).
 */
export async function upsertLaunchpadPage(
  db: Queryable,
  organizationId: string,
  pageId: string,
  values: { answers: Record<string, unknown>; complete: boolean; savedAt: Date },
): Promise<LaunchpadProgressRow> {
  const { answers, complete, savedAt } = values;
  const [row] = await db
    .insert(launchpadProgress)
    .values({
      organizationId,
      pageId,
      isCompleted: complete,
      completedAt: complete ? savedAt : null,
      dataSnapshot: answers,
      createdAt: savedAt,
      updatedAt: savedAt,
    })
    .onConflictDoUpdate({
      target: [launchpadProgress.organizationId, launchpadProgress.pageId],
      set: {
        dataSnapshot: answers,
        isCompleted: sql`${launchpadProgress.isCompleted} or excluded.is_completed`,
        completedAt: sql`coalesce(${launchpadProgress.completedAt}, excluded.completed_at)`,
        updatedAt: savedAt,
      },
    })
    .returning();
  if (!row) throw new Error("launchpad page was not saved");
  return row;
}

/** Records an answer to a configuration question as its next version (submitted_at: null for a draft). */
export async function insertConfigurationResponse(
  db: Queryable,
  organizationId: string,
  values: { questionId: string; responseValue: unknown; submittedAt: Date | null },
): Promise<void> {
  const previous = sql`(select coalesce(max(${configurationResponses.version}), 0) from ${configurationResponses}
    where ${configurationResponses.organizationId} = ${organizationId} and ${configurationResponses.questionId} = ${values.questionId})`;
  await db.insert(configurationResponses).values({
    organizationId,
    questionId: values.questionId,
    responseValue: values.responseValue,
    submittedAt: values.submittedAt,
    version: sql`${previous} + 1`,
  });
}

export interface LaunchpadFactsRow {
  organizationName: string;
  /** The newest NDA's status and member signing time; null when there is none. */
  ndaStatus: string | null;
  ndaSignedAt: Date | null;
  estimateExists: boolean;
  dataConnectionExists: boolean;
  configurationSubmitted: boolean;
}

/**
 * The organization's name and every fact the launchpad's readings and the trial need, in one
 * round trip. The subqueries compare with the id as a parameter: Drizzle leaves column names
 * unqualified inside sql``, where "id" would mean the subquery's own table.
 */
export async function selectLaunchpadFacts(db: Queryable, organizationId: string): Promise<LaunchpadFactsRow | undefined> {
  const newestNda = (column: typeof ndas.status | typeof ndas.memberSignedAt) =>
    sql`(select ${column} from ${ndas} where ${ndas.organizationId} = ${organizationId}
      order by ${ndas.createdAt} desc, ${ndas.updatedAt} desc limit 1)`;
  const exists = (table: typeof pricingEstimates | typeof dataConnections) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.organizationId} = ${organizationId})`.mapWith(Boolean);
  const [row] = await db
    .select({
      organizationName: organizations.organizationName,
      ndaStatus: newestNda(ndas.status).mapWith(ndas.status),
      ndaSignedAt: newestNda(ndas.memberSignedAt).mapWith(ndas.memberSignedAt),
      estimateExists: exists(pricingEstimates),
      dataConnectionExists: exists(dataConnections),
      configurationSubmitted: sql<boolean>`exists (select 1 from ${moduleSubmissionStatus}
        where ${moduleSubmissionStatus.organizationId} = ${organizationId} and ${moduleSubmissionStatus.isSubmitted})`.mapWith(Boolean),
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row as LaunchpadFactsRow | undefined;
}

/** The last recalculation, locked so that two runs at once take turns with the throttle. */
export async function selectLaunchpadSummaryForUpdate(db: Queryable, organizationId: string): Promise<LaunchpadSummaryRow | undefined> {
  const [row] = await db.select().from(launchpadSummaries).where(eq(launchpadSummaries.organizationId, organizationId)).for("update");
  return row;
}

export async function upsertLaunchpadSummary(
  db: Queryable,
  organizationId: string,
  values: { pagePercent: number; flagPercent: number; recalculatedAt: Date },
): Promise<LaunchpadSummaryRow> {
  const [row] = await db
    .insert(launchpadSummaries)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: launchpadSummaries.organizationId, set: values })
    .returning();
  if (!row) throw new Error("launchpad summary was not saved");
  return row;
}
