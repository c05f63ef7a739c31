import type { ButtonProps } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";

export interface EstimateConfirmation {
  title: string;
  description: string;
  confirmLabel: string;
  variant?: ButtonProps["variant"];
}

/** Asks before an estimate action that cannot simply be taken back: Cancel (focused first) or the action. */
export function EstimateConfirmDialog({
  confirmation,
  pending,
  onConfirm,
  onClose,
}: {
  confirmation: EstimateConfirmation | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={confirmation !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{confirmation?.title}</DialogTitle>
          <DialogDescription>{confirmation?.description}</DialogDescription>
        </DialogHeader>
        <DialogActions label={confirmation?.confirmLabel ?? ""} busy={pending} variant={confirmation?.variant} onClick={onConfirm} />
      </DialogContent>
    </Dialog>
  );
}
