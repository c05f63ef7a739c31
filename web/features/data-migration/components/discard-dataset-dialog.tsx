import { useRef } from "react";
import { toast } from "sonner";
import type { StagedDataset } from "#common/contracts/data-migration";
import type { MigrationEntity } from "#common/domain/migration-entities";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { useDiscardDataset } from "#web/features/data-migration/api/migration-api.ts";
import { countOf } from "#web/features/data-migration/migration-format.ts";

/** Asks before removing an entity's staged rows: Cancel (focused first) or Discard. */
export function DiscardDatasetDialog({
  entity,
  dataset,
  open,
  onOpenChange,
  onDiscarded,
}: {
  entity: MigrationEntity;
  dataset: StagedDataset;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Moves focus once the dialog closed after a discard (the button that opened it is gone). */
  onDiscarded: () => void;
}) {
  const discard = useDiscardDataset();
  const discarded = useRef(false);

  function confirm() {
    discard.mutate(entity.id, {
      onSuccess: (result) => {
        discarded.current = true;
        toast.success("Success", {
          description: `${entity.label}: discarded ${countOf(result.discarded_rows, "staged row", "staged rows")}.`,
        });
        onOpenChange(false);
      },
      onError: (error) => {
        toast.error("Error", { description: `Failed to discard the staged ${entity.label.toLowerCase()}. ${messageOf(error, "Please try again.")}` });
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!discard.isPending) onOpenChange(next);
      }}
    >
      <DialogContent
        role="alertdialog"
        onCloseAutoFocus={(event) => {
          if (!discarded.current) return;
          discarded.current = false;
          event.preventDefault();
          onDiscarded();
        }}
      >
        <DialogHeader>
          <DialogTitle>Discard the staged {entity.label.toLowerCase()}?</DialogTitle>
          <DialogDescription>
            The {countOf(dataset.row_count, "row", "rows")} staged from {dataset.file_name} {dataset.row_count === 1 ? "is" : "are"} removed
            and the ETL team no longer sees them. You can upload a file again afterwards.
          </DialogDescription>
        </DialogHeader>
        <DialogActions label="Discard" busyLabel="Discarding…" busy={discard.isPending} variant="destructive" onClick={confirm} />
      </DialogContent>
    </Dialog>
  );
}
