import type { DataConnection } from "#common/contracts/data-connections";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { sourceNameOf } from "#web/features/data-connections/data-connection-format.ts";

/** Asks before a connection is deleted: Cancel (focused first) or Delete connection. */
export function DeleteConnectionDialog({
  connection,
  pending,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: {
  connection: DataConnection | null;
  pending: boolean;
  onConfirm: (connection: DataConnection) => void;
  onClose: () => void;
  /** Where focus goes once the dialog has closed (by default, back to what opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open={connection !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Delete data connection</DialogTitle>
          <DialogDescription>
            {connection
              ? `Delete "${connection.name}" (${sourceNameOf(connection.data_source_id)})? Its details and stored credentials are removed. This cannot be undone.`
              : ""}
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          label="Delete connection"
          busyLabel="Deleting…"
          busy={pending}
          variant="destructive"
          onClick={() => {
            if (connection) onConfirm(connection);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
