import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useEffectEvent, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { type ActionLogEntry, ACTION_LOG_TEXT_MAX, updateActionLogBodySchema } from "#common/contracts/action-log";
import { type ActionLogStatus, type ActionLogType, ACTION_LOG_MESSAGES, resolutionNoteError, resolutionNoteLabel } from "#common/domain/action-log";
import { FieldCharacterCount, characterCountId, characterLimitMessage } from "#web/components/ui/character-count.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { useUpdateActionLog } from "#web/features/action-log/api/action-log-api.ts";
import { fieldIssuesOf } from "#web/lib/api-client.ts";
import { toastActionLogDone, toastActionLogFailure } from "./entry-toasts.ts";

export interface StatusChangeDialogProps {
  entry: ActionLogEntry;
  /** The status asked for; null when no change is under way. */
  toStatus: ActionLogStatus | null;
  /** Called once the change is under way (no note needed), or its dialog saved or cancelled. */
  onClose: () => void;
}

/**
 * Moves an entry to `toStatus`. A move that needs a resolution note the entry does not have yet
 * (resolving an issue or a risk, recording a decision) asks for it in a dialog; any other move is
 * saved at once. A refused save says why in a toast, and the dialog stays for another try.
 */
export function StatusChangeDialog({ entry, toStatus, onClose }: StatusChangeDialogProps) {
  const update = useUpdateActionLog();
  const noteNeeded = toStatus !== null && resolutionNoteError(entry.action_log_type, toStatus, entry.resolution_notes) !== null;
  // The move asked for last: a re-render (or StrictMode's second effect) never saves it twice.
  const started = useRef<string | null>(null);

  const saveAtOnce = useEffectEvent((status: ActionLogStatus) => {
    // The save goes on without this component: its toasts say how it ended.
    saveStatus(update.mutateAsync, entry, { status }).catch(() => undefined);
    onClose();
  });
  useEffect(() => {
    if (toStatus === null || noteNeeded) {
      started.current = null;
      return;
    }
    const move = `${entry.id}:${toStatus}`;
    if (started.current === move) return;
    started.current = move;
    saveAtOnce(toStatus);
  }, [entry.id, toStatus, noteNeeded]);

  return (
    <Dialog open={noteNeeded} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {noteNeeded ? (
          <NoteForm
            key={`${entry.id}:${toStatus}`}
            entry={entry}
            toStatus={toStatus}
            onSave={(note) => saveStatus(update.mutateAsync, entry, { status: toStatus, resolution_notes: note })}
            onSaved={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type StatusBody = { status: ActionLogStatus; resolution_notes?: string };
type Save = (variables: { actionLogId: string; body: StatusBody }) => Promise<unknown>;

/** Saves the move with its toasts; rejects (after the failure toast) when the server refuses it. */
async function saveStatus(save: Save, entry: ActionLogEntry, body: StatusBody): Promise<void> {
  try {
    await save({ actionLogId: entry.id, body });
  } catch (error) {
    toastActionLogFailure(ACTION_LOG_MESSAGES.updateFailed, error);
    throw error;
  }
  toastActionLogDone("Status changed", `${entry.reference} is now ${body.status}`);
}

const noteFormSchema = (type: ActionLogType) =>
  updateActionLogBodySchema
    .pick({ status: true, resolution_notes: true })
    .required()
    .extend({
      // The contract's rule, its limit said as the count under the box shows it ("10,000").
      resolution_notes: z
        .string()
        .max(ACTION_LOG_TEXT_MAX, { error: characterLimitMessage(resolutionNoteLabel(type), ACTION_LOG_TEXT_MAX) })
        .pipe(updateActionLogBodySchema.shape.resolution_notes.unwrap().unwrap()),
    })
    .superRefine((body, context) => {
      const error = resolutionNoteError(type, body.status, body.resolution_notes);
      if (error) context.addIssue({ code: "custom", path: ["resolution_notes"], message: error });
    });

type NoteSchema = ReturnType<typeof noteFormSchema>;

function NoteForm({
  entry,
  toStatus,
  onSave,
  onSaved,
}: {
  entry: ActionLogEntry;
  toStatus: ActionLogStatus;
  onSave: (note: string) => Promise<void>;
  onSaved: () => void;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const form = useForm<z.input<NoteSchema>, unknown, z.output<NoteSchema>>({
    resolver: zodResolver(noteFormSchema(entry.action_log_type)),
    defaultValues: { status: toStatus, resolution_notes: entry.resolution_notes ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const noteError = errors.resolution_notes?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values.resolution_notes ?? "");
      onSaved();
    } catch (error) {
      const issue = fieldIssuesOf(error).find((item) => item.path === "resolution_notes");
      if (issue) form.setError("resolution_notes", { message: issue.message }, { shouldFocus: true });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{`Resolve ${entry.reference}`}</DialogTitle>
        <DialogDescription className="break-words">{entry.title}</DialogDescription>
      </DialogHeader>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <FormField id={noteId} label={resolutionNoteLabel(entry.action_log_type)} error={noteError}>
          <Textarea rows={5} aria-required="true" {...fieldErrorProps(noteId, noteError, characterCountId(noteId))} {...form.register("resolution_notes")} />
          <FieldCharacterCount control={form.control} name="resolution_notes" fieldId={noteId} max={ACTION_LOG_TEXT_MAX} />
        </FormField>
        <DialogActions label="Save" busyLabel="Saving…" busy={isSubmitting} />
      </form>
    </>
  );
}
