import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";

/**
 * Asks before a destructive action on `subject`, open while there is one; Cancel (focused first)
 * or the named action.
 */
export function ConfirmDialog<T>({
  subject,
  onClose,
  title,
  describe,
  confirmLabel,
  pending,
  onConfirm,
}: {
  subject: T | null;
  onClose: () => void;
  title: string;
  describe: (subject: T) => string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (subject: T) => void;
}) {
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{subject === null ? "" : describe(subject)}</DialogDescription>
        </DialogHeader>
        <DialogActions
          label={confirmLabel}
          busy={pending}
          variant="destructive"
          onClick={() => {
            if (subject !== null) onConfirm(subject);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
