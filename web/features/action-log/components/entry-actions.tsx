import { ChevronDown, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { type ActionLogStatus, type ActionLogType, ACTION_LOG_STATUS_FLOW } from "#common/domain/action-log";
import { Button } from "#web/components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "#web/components/ui/dropdown-menu.tsx";
import { DeleteEntryDialog } from "./delete-entry-dialog.tsx";
import { EntryFormDialog } from "./entry-form-dialog.tsx";
import { StatusChangeDialog } from "./status-change-dialog.tsx";

/**
 * What the caller may do to the entry, as the server's `can` says: change its status (only to
 * where the flow allows), edit it, delete it.
 */
export function EntryActions({
  entry,
  allowedTypes,
  onDeleted,
}: {
  entry: ActionLogEntry;
  allowedTypes: readonly ActionLogType[];
  onDeleted: () => void;
}) {
  const [toStatus, setToStatus] = useState<ActionLogStatus | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!entry.can.edit && !entry.can.delete) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {entry.can.edit ? (
        <>
          <StatusMenu entry={entry} onPick={setToStatus} />
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <StatusChangeDialog entry={entry} toStatus={toStatus} onClose={() => setToStatus(null)} />
          <EntryFormDialog open={editing} onOpenChange={setEditing} entry={entry} allowedTypes={allowedTypes} />
        </>
      ) : null}
      {entry.can.delete ? (
        <>
          <Button type="button" variant="outline" size="sm" className="text-[var(--color-destructive)]" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
          <DeleteEntryDialog entry={entry} open={deleting} onOpenChange={setDeleting} onDeleted={onDeleted} />
        </>
      ) : null}
    </div>
  );
}

/** "Change status": only the statuses the flow allows from the current one. */
function StatusMenu({ entry, onPick }: { entry: ActionLogEntry; onPick: (status: ActionLogStatus) => void }) {
  const next = ACTION_LOG_STATUS_FLOW[entry.status];
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" size="sm">
          Change status
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel className="text-[var(--color-muted-foreground)]">Move to</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {next.map((status) => (
          <DropdownMenuItem key={status} onSelect={() => onPick(status)}>
            {status}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
