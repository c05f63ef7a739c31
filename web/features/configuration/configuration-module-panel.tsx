import { CircleCheck } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import { CONFIGURATION_MESSAGES, type ConfigurationModule } from "#common/contracts/configuration";
import { type ConfigurationDraft, answerOfDraft, draftOfAnswer, isSameConfigurationAnswer } from "#common/domain/configuration-answers";
import { ConfigurationQuestionField } from "#web/components/configuration-question-field.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { formatDateTime } from "#web/lib/format-date.ts";
import { useSaveConfigurationAnswers } from "./configuration-api.ts";
import { ReopenModuleDialog, SubmitModuleDialog } from "./module-dialogs.tsx";

type Drafts = Record<string, ConfigurationDraft>;

const SAVE_FAILED = "Failed to save your answers. Please try again.";

function draftsOf(module: ConfigurationModule): Drafts {
  return Object.fromEntries(module.questions.map((question) => [question.key, draftOfAnswer(question.kind, question.answer)]));
}

/** Checks every draft by its question's rules (the server's own, common/domain/configuration-answers.ts). */
function resolverFor(module: ConfigurationModule): Resolver<Drafts> {
  return (values) => {
    const errors: FieldErrors<Drafts> = {};
    for (const question of module.questions) {
      const check = answerOfDraft(question, values[question.key] ?? draftOfAnswer(question.kind, null));
      if (!check.ok) errors[question.key] = { type: "validate", message: check.message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The answers whose drafts differ from the saved answers, in the module's order. */
function changedAnswers(module: ConfigurationModule, values: Drafts) {
  return module.questions.flatMap((question) => {
    const check = answerOfDraft(question, values[question.key] ?? draftOfAnswer(question.kind, null));
    return check.ok && !isSameConfigurationAnswer(check.value, question.answer) ? [{ question_key: question.key, value: check.value }] : [];
  });
}

function byWhom(at: string | null, name: string | null): string {
  return [at ? `on ${formatDateTime(at)}` : "", name ? `by ${name}` : ""].filter(Boolean).join(" ");
}

function ModuleStatus({ module }: { module: ConfigurationModule }) {
  if (module.submitted) {
    return (
      <Badge className="gap-1 border-transparent bg-[var(--color-primary)] text-[var(--color-primary-foreground)]">
        <CircleCheck className="size-3.5" aria-hidden="true" />
        Submitted
      </Badge>
    );
  }
  return <Badge variant="outline">{module.answered > 0 ? "In progress" : "Not started"}</Badge>;
}

/**
 * One module of the questionnaire: its progress, its questions as a form saved as a draft, and
 * the submission (or, once submitted, who submitted it; employees may reopen it).
 */
export function ConfigurationModulePanel({ module, onDirtyChange }: { module: ConfigurationModule; onDirtyChange: (module: string, dirty: boolean) => void }) {
  const save = useSaveConfigurationAnswers();
  const saved = useMemo(() => draftsOf(module), [module]);
  const resolver = useMemo(() => resolverFor(module), [module]);
  const form = useForm<Drafts>({ resolver, defaultValues: saved });
  const { isDirty, isSubmitting, errors } = form.formState;
  const [dialog, setDialog] = useState<"submit" | "reopen" | null>(null);
  const readOnly = !module.can_edit;

  // Answers saved elsewhere (another tab, a colleague, a lesson page) show up unless this form has
  // edits of its own: those win, and saving them writes only what differs.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [form, saved]);
  useEffect(() => onDirtyChange(module.module, isDirty), [isDirty, module.module, onDirtyChange]);

  const submit = form.handleSubmit(async (values) => {
    const answers = changedAnswers(module, values);
    if (answers.length === 0) {
      form.reset(saved);
      return;
    }
    try {
      const result = await save.mutateAsync({ answers });
      const stored = new Map(result.answers.map((answer) => [answer.question_key, answer.answer]));
      form.reset(
        Object.fromEntries(module.questions.map((question) => [question.key, stored.has(question.key) ? draftOfAnswer(question.kind, stored.get(question.key) ?? null) : values[question.key]])),
      );
      toast.success(CONFIGURATION_MESSAGES.saved);
    } catch (error) {
      let placed = false;
      for (const issue of fieldIssuesOf(error)) {
        const index = /^answers\.(\d+)\./.exec(issue.path)?.[1];
        const key = index === undefined ? undefined : answers[Number(index)]?.question_key;
        if (!key) continue;
        form.setError(key, { type: "server", message: issue.message }, { shouldFocus: !placed });
        placed = true;
      }
      if (!placed) form.setError("root.server", { type: "server", message: messageOf(error, SAVE_FAILED) });
    }
  });

  const left = module.required_total - module.required_answered;
  const formError = errors.root?.server?.message;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 text-lg font-semibold break-words">{module.module}</h2>
          <ModuleStatus module={module} />
        </div>
        <p className="text-sm text-[var(--color-muted-foreground)]">
          {module.required_answered} of {module.required_total} required answered
          {module.questions.length > module.required_total ? ` · ${module.answered} of ${module.questions.length} answered in all` : ""}
        </p>
        {module.submitted ? <p className="text-sm">Submitted {byWhom(module.submitted.at, module.submitted.by_name)}.</p> : null}
        {!module.submitted && module.reopened ? (
          <p className="text-sm break-words">
            Reopened {byWhom(module.reopened.at, module.reopened.by_name)}: {module.reopened.reason}
          </p>
        ) : null}
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={`${module.module} answers`} className="space-y-6">
        {module.questions.map((question) => (
          <Controller
            key={question.key}
            control={form.control}
            name={question.key}
            render={({ field, fieldState }) => (
              <ConfigurationQuestionField
                question={question}
                value={field.value ?? draftOfAnswer(question.kind, null)}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                disabled={readOnly || isSubmitting}
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
        <div className="flex flex-wrap items-center gap-2 border-t border-[var(--color-border)] pt-4">
          {module.can_edit ? (
            <>
              <Button type="submit" variant="outline" disabled={!isDirty || isSubmitting}>
                {isSubmitting ? "Saving…" : "Save draft"}
              </Button>
              <Button type="button" disabled={!module.can_submit || isDirty} onClick={() => setDialog("submit")}>
                Submit module
              </Button>
              <p className="text-sm text-[var(--color-muted-foreground)]">
                {isDirty ? "Save your changes before submitting." : left > 0 ? `Answer every required question to submit (${left} left).` : null}
              </p>
            </>
          ) : null}
          {module.can_reopen ? (
            <Button type="button" variant="outline" onClick={() => setDialog("reopen")}>
              Reopen
            </Button>
          ) : null}
        </div>
      </form>
      <SubmitModuleDialog module={module.module} open={dialog === "submit"} onOpenChange={(open) => setDialog(open ? "submit" : null)} />
      {module.can_reopen ? (
        <ReopenModuleDialog module={module.module} open={dialog === "reopen"} onOpenChange={(open) => setDialog(open ? "reopen" : null)} />
      ) : null}
    </div>
  );
}
