import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { type FieldValues, FormProvider, type Path, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { WORKSPACE_MESSAGES } from "#common/domain/extension-workspaces";
import { Button } from "#web/components/ui/button.tsx";
import { FormFailure, useFormFailure } from "#web/components/ui/form-field.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { SubmitWorkspaceDialog } from "./workspace-dialogs.tsx";
import type { WorkspaceState } from "./workspace-status.tsx";

/**
 * Puts the server's per-field problems (a refused save, a submission missing answers) under their
 * fields; a list's own problem goes on the list's root. True when there was any.
 */
function showServerIssues<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  const issues = fieldIssuesOf(error);
  for (const issue of issues) {
    const onList = Array.isArray(form.getValues(issue.path as Path<T>)) || !issue.path.includes(".");
    form.setError((onList ? `${issue.path}.root` : issue.path) as Path<T>, { type: "server", message: issue.message });
  }
  return issues.length > 0;
}

/**
 * A workspace's answers as one form: checked in the browser by the contract's schema, saved as a
 * draft, submitted after a confirmation (saving first what changed). A submitted workspace shows
 * its answers read-only. Answers saved elsewhere (another tab, a colleague) replace the form's
 * unless it has edits of its own.
 */
export function WorkspaceForm<TValues extends FieldValues>({
  label,
  workspace,
  answers,
  schema,
  onSave,
  onSubmit,
  children,
}: {
  label: string;
  workspace: WorkspaceState;
  answers: TValues;
  schema: z.ZodType<FieldValues, FieldValues>;
  onSave: (values: TValues) => Promise<{ answers: TValues }>;
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
}) {
  const form = useForm<TValues>({ resolver: zodResolver(schema) as never, defaultValues: answers as never, disabled: !workspace.can.edit });
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const [confirming, setConfirming] = useState(false);
  const { isDirty, isSubmitting } = form.formState;

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(answers);
  }, [form, answers]);

  async function saveValues(values: TValues): Promise<boolean> {
    setFailure(null);
    try {
      const saved = await onSave(values);
      form.reset(saved.answers);
      return true;
    } catch (error) {
      if (showServerIssues(form, error)) lazyToast.error("Some answers need fixing", { description: messageOf(error, "") });
      else setFailure(messageOf(error, "The draft was not saved. Please try again."));
      return false;
    }
  }

  const save = form.handleSubmit(async (values) => {
    if (await saveValues(values)) lazyToast.success(WORKSPACE_MESSAGES.saved);
  });
  const startSubmitting = form.handleSubmit(async (values) => {
    if (!isDirty || (await saveValues(values))) setConfirming(true);
  });

  return (
    <FormProvider {...form}>
      <form aria-label={`${label} set-up`} noValidate onSubmit={(event) => void save(event)} {...clearOnChange} className="space-y-6">
        {children}
        {workspace.can.edit ? (
          <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-3 border-t border-[var(--color-border)] bg-[var(--color-background)] px-1 py-3">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving…" : "Save draft"}
            </Button>
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => void startSubmitting()}>
              Submit
            </Button>
            <span className="text-sm text-[var(--color-muted-foreground)]" aria-live="polite">
              {isDirty ? "Unsaved changes" : ""}
            </span>
            <FormFailure failure={failure} />
          </div>
        ) : null}
      </form>
      <SubmitWorkspaceDialog
        label={label}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={async () => {
          try {
            await onSubmit();
            lazyToast.success(WORKSPACE_MESSAGES.submitted);
          } catch (error) {
            showServerIssues(form, error);
            throw error;
          }
        }}
      />
    </FormProvider>
  );
}
