import type { Attachment } from "#common/contracts/attachments";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";

/** Asks before an attachment goes; the library file stays (only the link is removed). */
export function RemoveAttachmentDialog({
  attachment,
  pending,
  onClose,
  onConfirm,
}: {
  attachment: Attachment | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (attachment: Attachment) => void;
}) {
  return (
    <Dialog
      open={attachment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Remove attachment</DialogTitle>
          <DialogDescription className="break-words">
            {attachment ? `"${attachment.content.title}" will no longer be attached here. The file stays in your file library.` : ""}
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          label="Remove"
          busyLabel="Removing…"
          busy={pending}
          variant="destructive"
          onClick={() => {
            if (attachment) onConfirm(attachment);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
