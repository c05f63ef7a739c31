import type { ActionLogEntry } from "#common/contracts/action-log";
import { ACTION_LOG_MESSAGES } from "#common/domain/action-log";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { useDeleteActionLog } from "#web/features/action-log/api/action-log-api.ts";
import { toastActionLogDone, toastActionLogFailure } from "./entry-toasts.ts";

/**
 * Asks before an entry goes: its history and comments go with it, its attached files stay in the
 * library. A refused delete says why and leaves the dialog open.
 */
export function DeleteEntryDialog({
  entry,
  open,
  onOpenChange,
  onDeleted,
}: {
  entry: ActionLogEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteActionLog();
  // A promise rather than mutate's callbacks: they still run if the entry's view goes first.
  const confirm = () =>
    remove.mutateAsync(entry.id).then(
      () => {
        toastActionLogDone("Entry deleted", `${entry.reference} has been deleted.`);
        onOpenChange(false);
        onDeleted();
      },
      (error: unknown) => toastActionLogFailure(ACTION_LOG_MESSAGES.deleteFailed, error),
    );
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{`Delete ${entry.reference}?`}</DialogTitle>
          <DialogDescription>Its history and comments go too; attached files stay in the library.</DialogDescription>
        </DialogHeader>
        <DialogActions label="Delete" busyLabel="Deleting…" busy={remove.isPending} variant="destructive" onClick={() => void confirm()} />
      </DialogContent>
    </Dialog>
  );
}
