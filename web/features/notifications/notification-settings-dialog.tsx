import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { NotificationPreferences } from "./notification-preferences.tsx";

export interface NotificationSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (what opened it may be gone by then). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The person's notification settings, opened from the user menu and from the notification centre. */
export function NotificationSettingsDialog({ open, onOpenChange, onCloseAutoFocus }: NotificationSettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Notification Settings</DialogTitle>
          <DialogDescription>What you are told about, in the portal and by email. Each change is saved at once.</DialogDescription>
        </DialogHeader>
        <NotificationPreferences />
      </DialogContent>
    </Dialog>
  );
}
