import { useQuery } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useEffect, useMemo } from "react";
import { type FieldValues, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { LaunchpadPageState } from "#common/contracts/launchpad";
import { type AnswerablePageId, LAUNCHPAD_PAGE_SCHEMAS } from "#common/contracts/launchpad-pages";
import { findLaunchpadPage, isAspectPageId } from "#common/domain/launchpad";
import { PageError } from "#web/components/page-error.tsx";
import { UnsavedChangesGuard } from "#web/components/unsaved-changes-dialog.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { launchpadQuery, useSaveLaunchpadPage } from "./launchpad-api.ts";
import { LaunchpadFieldInput } from "./launchpad-field-inputs.tsx";
import { type LaunchpadField, type SaveMode, answerPathOf, createAnswersChecker, formFieldOf, toAnswers, toFormValues } from "./launchpad-fields.ts";
import { PageFrame } from "#web/components/page-frame.tsx";
import { NotApplicablePanel } from "./not-applicable-panel.tsx";

const SAVE_FAILED = "Failed to save your answers. Please try again.";

export interface LaunchpadPageFormProps {
  pageId: AnswerablePageId;
  /** A sentence or two under the heading: what the page asks and why. */
  intro: string;
  /** The page's questions, in order (keep the array a module constant). */
  fields: readonly LaunchpadField[];
}

/**
 * A launchpad questionnaire page: its label as heading, the intro, where it stands, and its
 * questions prefilled from the saved answers, saved as a draft or marked complete.
 */
export function LaunchpadPageForm({ pageId, intro, fields }: LaunchpadPageFormProps) {
  const launchpad = useQuery(launchpadQuery);
  const label = findLaunchpadPage(pageId)?.label ?? pageId;
  const state = launchpad.data?.pages.find((page) => page.id === pageId);
  return (
    <PageFrame title={label} titleAside={launchpad.data ? <CompletionBadge state={state} /> : null} description={intro} contentWidth="narrow">
      {launchpad.data ? (
        <div className="space-y-4">
          {isAspectPageId(pageId) ? <NotApplicablePanel pageId={pageId} state={state} /> : null}
          <QuestionnaireForm pageId={pageId} label={label} fields={fields} snapshot={state?.data_snapshot ?? null} />
        </div>
      ) : launchpad.isError ? (
        <PageError error={launchpad.error} onRetry={() => void launchpad.refetch()} />
      ) : (
        <Spinner label="Loading your answers..." />
      )}
    </PageFrame>
  );
}

function CompletionBadge({ state }: { state: LaunchpadPageState | undefined }) {
  if (state?.status === "not_applicable") return <Badge variant="outline">Not applicable</Badge>;
  if (state?.is_completed) {
    return (
      <Badge className="gap-1 border-transparent bg-[var(--color-primary)] text-[var(--color-primary-foreground)]">
        <CircleCheck className="size-3.5" aria-hidden="true" />
        Complete
      </Badge>
    );
  }
  return <Badge variant="outline">{state?.data_snapshot != null ? "Draft saved" : "Not started"}</Badge>;
}

function QuestionnaireForm({
  pageId,
  label,
  fields,
  snapshot,
}: {
  pageId: AnswerablePageId;
  label: string;
  fields: readonly LaunchpadField[];
  snapshot: unknown;
}) {
  const save = useSaveLaunchpadPage(pageId);
  // A draft and a completion are checked by different schemas: the button pressed sets the mode.
  const checker = useMemo(() => createAnswersChecker(fields, LAUNCHPAD_PAGE_SCHEMAS[pageId]), [fields, pageId]);
  const savedValues = useMemo(() => toFormValues(fields, snapshot), [fields, snapshot]);
  const form = useForm<FieldValues>({ resolver: checker.resolver, defaultValues: savedValues });
  const { isDirty, isSubmitting, errors } = form.formState;

  // Answers saved elsewhere in the meantime (another tab, a colleague) show up, unless this form
  // has edits of its own: those win, and saving them replaces the others.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(savedValues);
  }, [form, savedValues]);

  const submit = form.handleSubmit(async (answers) => {
    const current = checker.mode();
    try {
      const saved = await save.mutateAsync({ mode: current, answers });
      form.reset(toFormValues(fields, saved.page.data_snapshot));
      toast.success(current === "complete" ? "Page complete" : "Saved");
    } catch (error) {
      showSaveFailure(error, current);
    }
  });

  function showSaveFailure(error: unknown, current: SaveMode) {
    const { rowIndexes } = toAnswers(fields, form.getValues(), current);
    let placed = false;
    for (const issue of fieldIssuesOf(error)) {
      const name = formFieldOf(fields, answerPathOf(issue.path), rowIndexes);
      if (name === null) continue;
      form.setError(name, { type: "server", message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
    // Anything not about one answer (a refusal such as "Complete the NDA step first…") is said above the buttons.
    if (!placed) form.setError("root.server", { type: "server", message: messageOf(error, SAVE_FAILED) });
  }

  const formError = errors.root?.server?.message ?? errors.root?.answers?.message;
  const savingMode = save.isPending ? save.variables.mode : null;
  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={label} className="space-y-6">
        {fields.map((field) => (
          <LaunchpadFieldInput key={field.name} field={field} form={form} />
        ))}
        {formError ? (
          <p role="alert" className="rounded-md border border-[var(--color-destructive)] p-3 text-sm text-[var(--color-destructive)]">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 border-t border-[var(--color-border)] pt-4">
          {/* First, so that Enter in a field saves a draft rather than insisting on every answer. */}
          <Button type="submit" variant="outline" disabled={isSubmitting} onClick={() => checker.setMode("draft")}>
            {savingMode === "draft" ? "Saving…" : "Save draft"}
          </Button>
          <Button type="submit" disabled={isSubmitting} onClick={() => checker.setMode("complete")}>
            {savingMode === "complete" ? "Saving…" : "Mark complete"}
          </Button>
        </div>
      </form>
      <UnsavedChangesGuard when={isDirty} />
    </Card>
  );
}
