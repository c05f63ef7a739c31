import { and, desc, eq, inArray, not, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ConfigurationAnswer } from "#common/domain/configuration-answers";
import type { Queryable, Transaction } from "#server/db/database";
import { configurationQuestions, configurationResponses, moduleSubmissionStatus, users } from "#server/db/schema/index";
import { type QuestionRow, questionColumns } from "#server/queries/question-placements.queries";

/** Statements of the configuration questionnaire; answers and submissions are scoped to the organization. */

export { type QuestionPlacementRow, type QuestionRow, selectQuestionPlacements } from "#server/queries/question-placements.queries";

/** The questions of the curriculum named by `keys` (unknown keys are left out). */
export function selectQuestionsByKeys(db: Queryable, keys: readonly string[]): Promise<QuestionRow[]> {
  return db
    .select(questionColumns)
    .from(configurationQuestions)
    .where(inArray(configurationQuestions.key, [...keys]));
}

export interface LatestResponseRow {
  id: string;
  questionId: string;
  /** JSON null: the answer was cleared. */
  responseValue: unknown;
  version: number;
  submittedAt: Date | null;
  createdAt: Date;
}

/** The organization's newest version of each answer, optionally only for `keys`. */
export function selectLatestResponses(db: Queryable, organizationId: string, keys?: readonly string[]): Promise<LatestResponseRow[]> {
  const r = configurationResponses;
  const scope = keys ? and(eq(r.organizationId, organizationId), inArray(r.questionId, [...keys])) : eq(r.organizationId, organizationId);
  return db
    .selectDistinctOn([r.questionId], {
      id: r.id,
      questionId: r.questionId,
      responseValue: r.responseValue,
      version: r.version,
      submittedAt: r.submittedAt,
      createdAt: r.createdAt,
    })
    .from(r)
    .where(scope)
    .orderBy(r.questionId, desc(r.version), desc(r.createdAt));
}

/**
 * Writes each answer as its question's next version, a draft (submitted_at null). The keys must
 * be distinct: every row's version is read from the table as it was before the statement.
 */
export function insertDraftResponses(
  tx: Transaction,
  organizationId: string,
  answers: readonly { key: string; value: ConfigurationAnswer | null }[],
  savedAt: Date,
): Promise<{ questionId: string; version: number; createdAt: Date }[]> {
  const r = configurationResponses;
  const rows = answers.map(({ key, value }) => ({
    organizationId,
    questionId: key,
    // A cleared answer is JSON null (the column is not null).
    responseValue: value === null ? sql`'null'::jsonb` : value,
    version: sql`(select coalesce(max(${r.version}), 0) + 1 from ${r} where ${r.organizationId} = ${organizationId} and ${r.questionId} = ${key})`,
    submittedAt: null,
    createdAt: savedAt,
  }));
  return tx.insert(r).values(rows).returning({ questionId: r.questionId, version: r.version, createdAt: r.createdAt });
}

/** Stamps the given answer rows (the latest of a module's questions) as submitted. */
export async function updateResponsesSubmitted(tx: Transaction, organizationId: string, responseIds: readonly string[], submittedAt: Date): Promise<void> {
  if (responseIds.length === 0) return;
  const r = configurationResponses;
  await tx
    .update(r)
    .set({ submittedAt })
    .where(and(eq(r.organizationId, organizationId), inArray(r.id, [...responseIds])));
}

export interface SubmissionRow {
  module: string;
  isSubmitted: boolean;
  submittedAt: Date | null;
  submittedByName: string | null;
  reopenedAt: Date | null;
  reopenedByName: string | null;
  reopenReason: string | null;
}

/** The organization's module submissions with the names of who submitted and reopened them. */
export function selectSubmissions(db: Queryable, organizationId: string): Promise<SubmissionRow[]> {
  const s = moduleSubmissionStatus;
  const submitter = alias(users, "submitter");
  const reopener = alias(users, "reopener");
  return db
    .select({
      module: s.module,
      isSubmitted: s.isSubmitted,
      submittedAt: s.submittedAt,
      submittedByName: submitter.name,
      reopenedAt: s.reopenedAt,
      reopenedByName: reopener.name,
      reopenReason: s.reopenReason,
    })
    .from(s)
    .leftJoin(submitter, eq(submitter.id, s.submittedBy))
    .leftJoin(reopener, eq(reopener.id, s.reopenedBy))
    .where(eq(s.organizationId, organizationId));
}

/** Marks the module submitted; false when it already was. */
export async function upsertModuleSubmitted(tx: Transaction, organizationId: string, module: string, userId: string, at: Date): Promise<boolean> {
  const s = moduleSubmissionStatus;
  const rows = await tx
    .insert(s)
    .values({ organizationId, module, isSubmitted: true, submittedAt: at, submittedBy: userId, updatedAt: at })
    .onConflictDoUpdate({
      target: [s.organizationId, s.module],
      set: { isSubmitted: true, submittedAt: at, submittedBy: userId, updatedAt: at },
      setWhere: not(s.isSubmitted),
    })
    .returning({ module: s.module });
  return rows.length > 0;
}

/** Reopens a submitted module with the reason; false when it was not submitted. */
export async function updateModuleReopened(
  tx: Transaction,
  organizationId: string,
  module: string,
  values: { userId: string; reason: string; at: Date },
): Promise<boolean> {
  const s = moduleSubmissionStatus;
  const rows = await tx
    .update(s)
    .set({ isSubmitted: false, reopenedAt: values.at, reopenedBy: values.userId, reopenReason: values.reason, updatedAt: values.at })
    .where(and(eq(s.organizationId, organizationId), eq(s.module, module), s.isSubmitted))
    .returning({ module: s.module });
  return rows.length > 0;
}
