import { useForm, useWatch } from "react-hook-form";
import type { ReopenMilestoneBody } from "#common/contracts/launch-plan";
import { type CourseTally, MILESTONE_REOPEN_REASON_MAX, REOPEN_REASON_REQUIRED, REOPEN_REASON_TOO_LONG, describeCoursesLeft } from "#common/domain/milestone-completion";
import { CharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { useReopenMilestone } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { showMilestoneReopened } from "./plan-toasts.ts";

// Loaded on the first click of Mark as complete or Reopen. The reason is checked here for what a
// user can fix as they type (required, the length) and by the server's contract for the rest; the
// form does not import the contract's schema: with it, the bundler split the first screens' shared
// code into many more chunks (+5.7 KB on the dashboard, decision 045's way back).

/** Asks before completing a milestone whose courses are not all complete, saying how many are left. */
export function CompleteEarlyDialog({
  title,
  tally,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  tally: CourseTally;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Complete {title} early?</DialogTitle>
          <DialogDescription>{describeCoursesLeft(tally)}. Complete the milestone anyway?</DialogDescription>
        </DialogHeader>
        <DialogActions label="Complete anyway" busyLabel="Completing…" busy={busy} onClick={onConfirm} />
      </DialogContent>
    </Dialog>
  );
}

/** An organization admin or an employee reopens a completed milestone and says why (kept in its history). */
export function ReopenMilestoneDialog({ milestone, onClose }: { milestone: { id: string; title: string }; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reopen {milestone.title}</DialogTitle>
          <DialogDescription>
            The milestone goes back to in progress; the progress made on its courses stays. Say why it is reopened: the reason is kept in its
            history.
          </DialogDescription>
        </DialogHeader>
        <ReopenForm milestoneId={milestone.id} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function ReopenForm({ milestoneId, onDone }: { milestoneId: string; onDone: () => void }) {
  const reopen = useReopenMilestone();
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const form = useForm<ReopenMilestoneBody>({ defaultValues: { reason: "" } });
  const reason = useWatch({ control: form.control, name: "reason" });
  const reasonError = form.formState.errors.reason?.message;
  const id = "milestone-reopen-reason";

  const save = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await reopen.mutateAsync({ milestoneId, reason: reason.trim() });
      showMilestoneReopened();
      onDone();
    } catch (error) {
      const issue = fieldIssuesOf(error).find((entry) => entry.path === "reason");
      if (issue) form.setError("reason", { message: issue.message });
      else setFailure(messageOf(error, "Failed to reopen the milestone. Please try again."));
    }
  });

  return (
    <form onSubmit={(event) => void save(event)} {...clearOnChange} noValidate className="space-y-4">
      <FormField id={id} label="Reason" error={reasonError}>
        <Textarea
          rows={4}
          {...fieldErrorProps(id, reasonError, characterCountId(id))}
          {...form.register("reason", {
            validate: (value) => {
              const trimmed = value.trim();
              if (trimmed === "") return REOPEN_REASON_REQUIRED;
              return trimmed.length > MILESTONE_REOPEN_REASON_MAX ? REOPEN_REASON_TOO_LONG : true;
            },
          })}
        />
      </FormField>
      <CharacterCount fieldId={id} value={reason} max={MILESTONE_REOPEN_REASON_MAX} />
      <FormFailure failure={failure} />
      <DialogActions label="Reopen milestone" busyLabel="Reopening…" busy={form.formState.isSubmitting} />
    </form>
  );
}
