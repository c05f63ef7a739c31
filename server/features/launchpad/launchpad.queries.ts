import { eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { configurationQuestions, configurationResponses, launchpadProgress, launchpadSummaries } from "#server/db/schema/index";
import type { LaunchpadProgressRow } from "#server/queries/launchpad-progress.queries";

export type LaunchpadSummaryRow = typeof launchpadSummaries.$inferSelect;

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
        // Completing with answers says the page applies after all.
        ...(complete ? { notApplicableReason: null } : {}),
        updatedAt: savedAt,
      },
    })
    .returning();
  if (!row) throw new Error("launchpad page was not saved");
  return row;
}

/**
 * Answers the page "does not apply" (reason set: completed now) or withdraws that answer (reason
 * null: to be answered again). The saved answers are left as they are.
 */
export async function updatePageNotApplicable(db: Queryable, organizationId: string, pageId: string, values: { reason: string | null; at: Date }): Promise<void> {
  const { reason, at } = values;
  const notApplicable = reason !== null;
  await db
    .insert(launchpadProgress)
    .values({ organizationId, pageId, isCompleted: notApplicable, completedAt: notApplicable ? at : null, notApplicableReason: reason, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [launchpadProgress.organizationId, launchpadProgress.pageId],
      set: { isCompleted: notApplicable, completedAt: notApplicable ? at : null, notApplicableReason: reason, updatedAt: at },
    });
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

export interface AnsweredQuestionRow {
  key: string;
  kind: string;
  options: string[];
  /** The newest version's value; null when never answered or cleared. */
  latest: unknown;
}

// Qualified by hand: inside the subquery an unqualified "key" would be ambiguous.
const QUESTION_KEY = sql.raw(`"configuration_questions"."key"`);

/** The curriculum's questions among `keys`, each with the organization's newest answer. */
export async function selectQuestionsWithLatestAnswer(db: Queryable, organizationId: string, keys: readonly string[]): Promise<AnsweredQuestionRow[]> {
  return db
    .select({
      key: configurationQuestions.key,
      kind: configurationQuestions.kind,
      options: configurationQuestions.options,
      latest: sql<unknown>`(select r.response_value from ${configurationResponses} r
        where r.organization_id = ${organizationId} and r.question_id = ${QUESTION_KEY} order by r.version desc limit 1)`,
    })
    .from(configurationQuestions)
    .where(inArray(configurationQuestions.key, [...keys]));
}
