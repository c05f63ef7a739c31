import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ReopenWorkspaceBody, reopenWorkspaceBodySchema } from "#common/contracts/extension-workspaces";
import { WORKSPACE_REOPEN_REASON_MAX } from "#common/domain/extension-workspaces";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";

/** Asks before a set-up is submitted: it becomes read-only until it is reopened. */
export function SubmitWorkspaceDialog({
  label,
  open,
  onOpenChange,
  onConfirm,
}: {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Submits; a failure it throws is shown in the dialog. */
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      setFailure(messageOf(error, "The set-up was not submitted. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setFailure(null);
        onOpenChange(next);
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Submit the {label} set-up?</DialogTitle>
          <DialogDescription>
            Your provider configures the extension from it. Once submitted it is read-only until an organization admin or your provider reopens it.
          </DialogDescription>
        </DialogHeader>
        <FormFailure failure={failure} />
        <DialogActions label="Submit set-up" busyLabel="Submitting…" busy={busy} onClick={() => void confirm()} />
      </DialogContent>
    </Dialog>
  );
}

/** An organization admin or an employee reopens a submitted set-up and says why. */
export function ReopenWorkspaceDialog({
  label,
  open,
  onOpenChange,
  onReopen,
}: {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReopen: (reason: string) => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reopen the {label} set-up</DialogTitle>
          <DialogDescription>Its answers can change again, and it is submitted once more. The reason is kept with the set-up.</DialogDescription>
        </DialogHeader>
        {/* Mounted on opening, so each reopening starts with an empty reason. */}
        <ReopenForm onReopen={onReopen} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReopenForm({ onReopen, onDone }: { onReopen: (reason: string) => Promise<void>; onDone: () => void }) {
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const form = useForm<ReopenWorkspaceBody>({ resolver: zodResolver(reopenWorkspaceBodySchema), defaultValues: { reason: "" } });
  const error = form.formState.errors.reason?.message;
  const id = "workspace-reopen-reason";

  const save = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onReopen(reason);
      onDone();
    } catch (caught) {
      const issue = fieldIssuesOf(caught).find((entry) => entry.path === "reason");
      if (issue) form.setError("reason", { message: issue.message });
      else setFailure(messageOf(caught, "The set-up was not reopened. Please try again."));
    }
  });

  return (
    <form onSubmit={(event) => void save(event)} {...clearOnChange} noValidate className="space-y-4">
      <FormField id={id} label="Reason" error={error}>
        <Textarea rows={4} {...fieldErrorProps(id, error, characterCountId(id))} {...form.register("reason")} />
        <FieldCharacterCount control={form.control} name="reason" fieldId={id} max={WORKSPACE_REOPEN_REASON_MAX} />
      </FormField>
      <FormFailure failure={failure} />
      <DialogActions label="Reopen set-up" busyLabel="Reopening…" busy={form.formState.isSubmitting} />
    </form>
  );
}
