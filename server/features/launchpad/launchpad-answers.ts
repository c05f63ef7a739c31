import { type ConfigurationQuestionKind, checkConfigurationAnswer, isSameConfigurationAnswer, readStoredAnswer } from "#common/domain/configuration-answers";
import { LAUNCHPAD_ANSWERED_QUESTION_KEYS, deriveLaunchpadAnswers } from "#common/domain/launchpad-answers";
import type { Transaction } from "#server/db/database";
import { insertConfigurationResponse, selectLaunchpadProgress } from "#server/queries/launchpad-progress.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { selectQuestionsWithLatestAnswer } from "./launchpad.queries.ts";

/**
 * Records what the launchpad answers of the configuration questionnaire (common/domain/
 * launchpad-answers.ts) as those questions' next versions where it changed; a value the page no
 * longer holds clears the answer. A question the curriculum does not hold, or whose kind or
 * options do not take the value, is left alone. Inside the page save's transaction, after the
 * configuration lock. True when an answer was written (and announced).
 */
export async function recordLaunchpadAnswers(tx: Transaction, organizationId: string, savedAt: Date): Promise<boolean> {
  const [progress, questions] = await Promise.all([
    selectLaunchpadProgress(tx, organizationId),
    selectQuestionsWithLatestAnswer(tx, organizationId, LAUNCHPAD_ANSWERED_QUESTION_KEYS),
  ]);
  const snapshotOf = (pageId: string) => progress.find((row) => row.pageId === pageId)?.dataSnapshot ?? null;
  const derived = deriveLaunchpadAnswers({
    financialSetup: snapshotOf("financial-setup"),
    timelinePlanning: snapshotOf("timeline-planning"),
    today: savedAt.toISOString().slice(0, 10),
  });
  let written = false;
  for (const row of questions) {
    const question = { kind: row.kind as ConfigurationQuestionKind, options: row.options };
    const value = derived.find((answer) => answer.questionKey === row.key)?.value ?? null;
    const check = checkConfigurationAnswer(question, value);
    if (!check.ok || isSameConfigurationAnswer(readStoredAnswer(question, row.latest), check.value)) continue;
    await insertConfigurationResponse(tx, organizationId, { questionId: row.key, responseValue: check.value, submittedAt: null });
    written = true;
  }
  if (written) await publishEvent(tx, organizationId, { type: "configurationChanged", organizationId });
  return written;
}
