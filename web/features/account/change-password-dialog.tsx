import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogCancelButton } from "#web/components/ui/dialog-actions.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";

export interface AccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the menu that opened it is gone by then). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** User menu → Change Password. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  onSignOut,
}: AccountDialogProps & { onSignOut: () => void | Promise<void> }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your current password and choose a new one. You will then be signed out and sign in again.
          </DialogDescription>
        </DialogHeader>
        <ChangePasswordForm onSignOut={onSignOut} secondaryAction={<DialogCancelButton />} />
      </DialogContent>
    </Dialog>
  );
}
