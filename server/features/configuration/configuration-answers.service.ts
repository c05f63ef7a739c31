import type { Logger } from "pino";
import type { z } from "zod";
import { presentAnsweredIn } from "#common/contracts/answered-in";
import { CONFIGURATION_MESSAGES, type SavedConfigurationAnswers, type saveConfigurationAnswersBodySchema } from "#common/contracts/configuration";
import {
  type ConfigurationAnswer,
  type ConfigurationQuestionKind,
  checkConfigurationAnswer,
  isSameConfigurationAnswer,
  readStoredAnswer,
} from "#common/domain/configuration-answers";
import { answeredElsewhereMessage } from "#common/domain/launchpad-answers";
import type { FieldIssue } from "#common/errors";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { lockConfigurationForWrite } from "#server/queries/configuration-lock.queries";
import { type QuestionRow, insertDraftResponses, selectLatestResponses, selectQuestionsByKeys, selectSubmissions } from "./configuration.queries.ts";

type SaveBody = z.output<typeof saveConfigurationAnswersBodySchema>;

interface CheckedAnswer {
  question: QuestionRow & { kind: ConfigurationQuestionKind };
  value: ConfigurationAnswer | null;
}

/** Every answer checked against its question; all the problems at once, each under its field. */
async function checkAnswers(db: Database, body: SaveBody): Promise<CheckedAnswer[]> {
  const keys = body.answers.map((answer) => answer.question_key);
  const questions = new Map((await selectQuestionsByKeys(db, [...new Set(keys)])).map((row) => [row.key, { ...row, kind: row.kind as ConfigurationQuestionKind }]));
  const issues: FieldIssue[] = [];
  const checked: CheckedAnswer[] = [];
  body.answers.forEach((answer, index) => {
    const question = questions.get(answer.question_key);
    if (!question) {
      issues.push({ path: `answers.${index}.question_key`, message: CONFIGURATION_MESSAGES.unknownQuestion });
      return;
    }
    if (keys.indexOf(answer.question_key) !== index) {
      issues.push({ path: `answers.${index}.question_key`, message: CONFIGURATION_MESSAGES.answeredTwice });
      return;
    }
    const answeredIn = presentAnsweredIn(question.key);
    if (answeredIn) {
      issues.push({ path: `answers.${index}.value`, message: answeredElsewhereMessage(answeredIn.label) });
      return;
    }
    const check = checkConfigurationAnswer(question, answer.value);
    if (check.ok) checked.push({ question, value: check.value });
    else issues.push({ path: `answers.${index}.value`, message: check.message });
  });
  const first = issues[0];
  if (first) throw new AppError("validation_failed", `${first.path}: ${first.message}`, issues);
  return checked;
}

/**
 * Saves draft answers to questions of the curriculum (the questionnaire, and the launch plan's
 * lessons and surveys, which answer in place). Each changed answer becomes its question's next
 * version; an unchanged one writes nothing. A question whose module is submitted cannot change
 * until the provider reopens it. One transaction, announced when anything was written.
 */
export async function saveAnswers(db: Database, organizationId: string, body: SaveBody, logger: Logger): Promise<SavedConfigurationAnswers> {
  const answers = await checkAnswers(db, body);
  const keys = answers.map((entry) => entry.question.key);
  const result = await db.transaction(async (tx) => {
    await lockConfigurationForWrite(tx, organizationId);
    const [latestRows, submissions] = await Promise.all([selectLatestResponses(tx, organizationId, keys), selectSubmissions(tx, organizationId)]);
    const submitted = new Set(submissions.filter((row) => row.isSubmitted).map((row) => row.module));
    if (answers.some((entry) => submitted.has(entry.question.module))) throw new AppError("conflict", CONFIGURATION_MESSAGES.moduleSubmitted);

    const latest = new Map(latestRows.map((row) => [row.questionId, row]));
    const changed = answers.filter(({ question, value }) => !isSameConfigurationAnswer(readStoredAnswer(question, latest.get(question.key)?.responseValue ?? null), value));
    const written =
      changed.length === 0 ? [] : await insertDraftResponses(tx, organizationId, changed.map(({ question, value }) => ({ key: question.key, value })), new Date());
    if (written.length > 0) await publishEvent(tx, organizationId, { type: "configurationChanged", organizationId });

    const newVersion = new Map(written.map((row) => [row.questionId, row]));
    return {
      written: written.length,
      answers: answers.map(({ question, value }) => {
        const stored = newVersion.get(question.key) ?? latest.get(question.key);
        return {
          question_key: question.key,
          answer: value,
          version: stored?.version ?? null,
          saved_at: stored?.createdAt.toISOString() ?? null,
        };
      }),
    };
  });
  if (result.written > 0) logger.info({ event: "configuration.answers_saved", organizationId, written: result.written }, "configuration: answers saved");
  return result;
}
