import type { FieldErrors, Resolver } from "react-hook-form";
import type { PlanQuestion } from "#common/contracts/launch-plan";
import { type ConfigurationAnswer, type ConfigurationDraft, answerOfDraft, draftOfAnswer, isSameConfigurationAnswer, readStoredAnswer } from "#common/domain/configuration-answers";
import type { AnswerToSave } from "#web/features/launch-plan/api/answers-api.ts";

/** A form's drafts by question key. */
export type AnswerDrafts = Record<string, ConfigurationDraft>;

/** The stored answer as the question's rules read it today (one they no longer accept counts as none). */
export function savedAnswerOf(question: PlanQuestion): ConfigurationAnswer | null {
  return readStoredAnswer(question, question.answer);
}

export function countAnswered(questions: readonly PlanQuestion[]): number {
  return questions.filter((question) => savedAnswerOf(question) !== null).length;
}

export function draftsOf(questions: readonly PlanQuestion[]): AnswerDrafts {
  return Object.fromEntries(questions.map((question) => [question.key, draftOfAnswer(question.kind, savedAnswerOf(question))]));
}

function draftOf(question: PlanQuestion, values: AnswerDrafts): ConfigurationDraft {
  return values[question.key] ?? draftOfAnswer(question.kind, null);
}

/** Checks every editable draft by its question's rules (the server's own, common/domain/configuration-answers.ts). */
export function answersResolver(questions: readonly PlanQuestion[]): Resolver<AnswerDrafts> {
  return (values) => {
    const errors: FieldErrors<AnswerDrafts> = {};
    for (const question of questions) {
      if (question.read_only) continue;
      const check = answerOfDraft(question, draftOf(question, values));
      if (!check.ok) errors[question.key] = { type: "validate", message: check.message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/**
 * The answers to send: editable questions whose draft differs from the saved answer. A submitted
 * module's questions are never sent, even unchanged: the server refuses the whole save for them.
 */
export function changedAnswers(questions: readonly PlanQuestion[], values: AnswerDrafts): AnswerToSave[] {
  return questions.flatMap((question) => {
    if (question.read_only) return [];
    const check = answerOfDraft(question, draftOf(question, values));
    return check.ok && !isSameConfigurationAnswer(check.value, savedAnswerOf(question)) ? [{ question_key: question.key, value: check.value }] : [];
  });
}

/** The questions left without an answer once `values` are saved (a read-only one keeps its saved answer). */
export function unansweredQuestions(questions: readonly PlanQuestion[], values: AnswerDrafts): PlanQuestion[] {
  return questions.filter((question) => {
    if (question.read_only) return savedAnswerOf(question) === null;
    const check = answerOfDraft(question, draftOf(question, values));
    return !check.ok || check.value === null;
  });
}
