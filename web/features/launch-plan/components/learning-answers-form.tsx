import { Lock } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { CONFIGURATION_MESSAGES } from "#common/contracts/configuration";
import { LAUNCH_PLAN_MESSAGES, type PlanQuestion } from "#common/contracts/launch-plan";
import { draftOfAnswer } from "#common/domain/configuration-answers";
import { ConfigurationQuestionField } from "#web/components/configuration-question-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { useSaveAnswers } from "#web/features/launch-plan/api/answers-api.ts";
import { type AnswerDrafts, answersResolver, changedAnswers, draftsOf, unansweredQuestions } from "./learning-answers.ts";

const SAVE_FAILED = "Failed to save your answers. Please try again.";
const COMPLETE_FAILED = "Failed to mark this survey as complete. Please try again.";
const ANSWER_THIS = "Answer this question";
export const ANSWERS_SUBMITTED = "Answers submitted";

export interface LearningAnswersFormProps {
  questions: readonly PlanQuestion[];
  /** The form's accessible name. */
  label: string;
  /** Keeps the fields' ids apart from any other form on the page. */
  idPrefix: string;
  /**
   * A survey not complete yet: "Submit answers" saves, then (every question answered) completes
   * it with this. Without it the form saves ("Save answers").
   */
  complete?: () => Promise<unknown>;
}

/**
 * Configuration questions answered in place (a lesson's, a survey's): each drawn by the shared
 * field, checked by the answer rules, and saved as the organization's configuration responses.
 * Only changed answers are sent; a submitted module's questions are shown read-only.
 */
export function LearningAnswersForm({ questions, label, idPrefix, complete }: LearningAnswersFormProps) {
  const save = useSaveAnswers();
  const saved = useMemo(() => draftsOf(questions), [questions]);
  const resolver = useMemo(() => answersResolver(questions), [questions]);
  const form = useForm<AnswerDrafts>({ resolver, defaultValues: saved });
  const { isDirty, isSubmitting, errors } = form.formState;
  // Read-only because the module was submitted; those another page answers say so in place.
  const submittedCount = questions.filter((question) => question.read_only && question.answered_in === null).length;
  const allReadOnly = questions.every((question) => question.read_only);

  // Answers saved elsewhere (the questionnaire, a colleague) show up unless this form has edits of its own.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [form, saved]);

  const submit = form.handleSubmit(async (values) => {
    const answers = changedAnswers(questions, values);
    if (answers.length > 0) {
      try {
        const result = await save.mutateAsync(answers);
        const stored = new Map(result.answers.map((answer) => [answer.question_key, answer.answer]));
        form.reset(
          Object.fromEntries(questions.map((question) => [question.key, stored.has(question.key) ? draftOfAnswer(question.kind, stored.get(question.key) ?? null) : values[question.key]])),
        );
      } catch (error) {
        placeSaveErrors(error, answers.map((answer) => answer.question_key));
        return;
      }
    }
    if (!complete) {
      toast.success(CONFIGURATION_MESSAGES.saved);
      return;
    }
    const missing = unansweredQuestions(questions, values);
    if (missing.length > 0) {
      missing.filter((question) => !question.read_only).forEach((question, index) => form.setError(question.key, { type: "required", message: ANSWER_THIS }, { shouldFocus: index === 0 }));
      form.setError("root.server", { type: "server", message: LAUNCH_PLAN_MESSAGES.surveyUnanswered });
      return;
    }
    try {
      await complete();
      toast.success(ANSWERS_SUBMITTED);
    } catch (error) {
      form.setError("root.server", { type: "server", message: messageOf(error, COMPLETE_FAILED) });
    }
  });

  function placeSaveErrors(error: unknown, sentKeys: string[]) {
    let placed = false;
    for (const issue of fieldIssuesOf(error)) {
      const index = /^answers\.(\d+)\./.exec(issue.path)?.[1];
      const key = index === undefined ? undefined : sentKeys[Number(index)];
      if (!key) continue;
      form.setError(key, { type: "server", message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
    if (!placed) form.setError("root.server", { type: "server", message: messageOf(error, SAVE_FAILED) });
  }

  const formError = errors.root?.server?.message;
  const showButton = complete !== undefined || !allReadOnly;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label} className="space-y-6">
      {submittedCount > 0 ? (
        <p className="flex gap-2 rounded-md border border-[var(--color-border)] bg-[var(--color-muted)] p-3 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {submittedCount === questions.length ? "These answers were" : "Some of these answers were"} submitted with the configuration and are read-only. Ask your provider to
            reopen the module to change them.
          </span>
        </p>
      ) : null}
      {questions.map((question) => (
        <Controller
          key={question.key}
          control={form.control}
          name={question.key}
          render={({ field, fieldState }) => (
            <ConfigurationQuestionField
              question={question}
              idPrefix={idPrefix}
              value={field.value ?? draftOfAnswer(question.kind, null)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              disabled={question.read_only || isSubmitting}
              answeredIn={question.answered_in}
            />
          )}
        />
      ))}
      {formError ? (
        <p role="alert" className="rounded-md border border-[var(--color-destructive)] p-3 text-sm break-words text-[var(--color-destructive)]">
          {formError}
        </p>
      ) : null}
      {showButton ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-[var(--color-border)] pt-4">
          <Button type="submit" disabled={isSubmitting || (complete === undefined && !isDirty)} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? (complete ? "Submitting…" : "Saving…") : complete ? "Submit answers" : "Save answers"}
          </Button>
          {complete === undefined && !isDirty ? <p className="text-sm text-[var(--color-muted-foreground)]">Change an answer to save it.</p> : null}
        </div>
      ) : null}
    </form>
  );
}
