import { asc, eq, not, sql } from "drizzle-orm";
import type { LaunchpadPageId } from "#common/domain/launchpad";
import type { Queryable } from "#server/db/database";
import { BUSINESS_ASPECTS_QUESTION_ID } from "#common/domain/business-aspects";
import { configurationResponses, launchpadProgress } from "#server/db/schema/index";

export type LaunchpadProgressRow = typeof launchpadProgress.$inferSelect;

/** The organization's saved pages, by page id (spec §7); the launchpad and the dashboard read them. */
export function selectLaunchpadProgress(db: Queryable, organizationId: string): Promise<LaunchpadProgressRow[]> {
  return db.select().from(launchpadProgress).where(eq(launchpadProgress.organizationId, organizationId)).orderBy(asc(launchpadProgress.pageId));
}

/**
 * Marks a launchpad page complete from the feature whose action completes it (saving an estimate
 * completes "subscription-price", creating a data connection "data-setup"); the launchpad itself
 * refuses to complete such pages. The first completion time is kept. True when this changed the
 * page (it was not complete yet).
 */
export async function upsertPageCompletedElsewhere(
  db: Queryable,
  organizationId: string,
  pageId: LaunchpadPageId,
  completedAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(launchpadProgress)
    .values({ organizationId, pageId, isCompleted: true, completedAt, updatedAt: completedAt })
    .onConflictDoUpdate({
      target: [launchpadProgress.organizationId, launchpadProgress.pageId],
      set: { isCompleted: true, completedAt: sql`coalesce(${launchpadProgress.completedAt}, excluded.completed_at)`, updatedAt: completedAt },
      setWhere: not(launchpadProgress.isCompleted),
    })
    .returning({ pageId: launchpadProgress.pageId });
  return rows.length > 0;
}

/**
 * Records an answer to a configuration question as its next version (submitted_at: null for a
 * draft); null clears it, stored as JSON null (the column is not null).
 */
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
    responseValue: values.responseValue === null ? sql`'null'::jsonb` : values.responseValue,
    submittedAt: values.submittedAt,
    version: sql`${previous} + 1`,
  });
}

/**
 * The organization's business aspects, answered from anywhere they are asked (Business Setup, the
 * quick estimate on /business): the configuration answer the access rules read, and Business
 * Setup's saved answers, so that both pages show the one answer. The page is not completed here.
 */
export async function recordBusinessAspects(db: Queryable, organizationId: string, aspects: readonly string[], savedAt: Date): Promise<void> {
  await insertConfigurationResponse(db, organizationId, { questionId: BUSINESS_ASPECTS_QUESTION_ID, responseValue: aspects, submittedAt: savedAt });
  const answer = sql`jsonb_build_object('business_aspects', ${JSON.stringify(aspects)}::jsonb)`;
  await db
    .insert(launchpadProgress)
    .values({ organizationId, pageId: "business-setup", isCompleted: false, dataSnapshot: answer, createdAt: savedAt, updatedAt: savedAt })
    .onConflictDoUpdate({
      target: [launchpadProgress.organizationId, launchpadProgress.pageId],
      set: { dataSnapshot: sql`coalesce(${launchpadProgress.dataSnapshot}, '{}'::jsonb) || ${answer}`, updatedAt: savedAt },
    });
}
