import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ContentItem, ContentRemoval } from "#common/contracts/content";
import { formatFileSize } from "#common/domain/content";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { contentRemovalQuery } from "#web/features/content/api/content-api.ts";

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** What the confirmation says goes: the file, or the folder with its files and folders. */
export function describeRemoval(item: ContentItem, removal: ContentRemoval | undefined): string {
  if (!item.is_folder) {
    const size = item.file_size === null ? "" : ` (${formatFileSize(item.file_size)})`;
    return `This deletes the file “${item.title}”${size}, and removes it wherever it is attached.`;
  }
  if (!removal) return `This deletes the folder “${item.title}” and everything in it.`;
  // The counts include the folder itself.
  const subfolders = Math.max(0, removal.folders - 1);
  const inside = subfolders > 0 ? `, and the ${count(subfolders, "folder", "folders")} inside it` : "";
  const bytes = removal.files > 0 ? ` (${formatFileSize(removal.bytes)})` : "";
  return `This deletes the folder and ${count(removal.files, "file", "files")} in it${bytes}${inside}.`;
}

/** Delete folder / Delete file: says what goes before anything does. */
export function DeleteDialog({ item, onClose, onDelete }: { item: ContentItem | null; onClose: () => void; onDelete: (item: ContentItem) => Promise<void> }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">{item ? <DeleteConfirm key={item.id} item={item} onClose={onClose} onDelete={onDelete} /> : null}</DialogContent>
    </Dialog>
  );
}

function DeleteConfirm({ item, onClose, onDelete }: { item: ContentItem; onClose: () => void; onDelete: (item: ContentItem) => Promise<void> }) {
  const removal = useQuery({ ...contentRemovalQuery(item.id), enabled: item.is_folder });
  const [busy, setBusy] = useState(false);
  const counting = item.is_folder && removal.isPending && !removal.isError;
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete(item);
      onClose();
    } catch {
      // The toast says why; the dialog stays so the user can try again or cancel.
      setBusy(false);
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>{item.is_folder ? "Delete folder" : "Delete file"}</DialogTitle>
        <DialogDescription>{counting ? `Counting what “${item.title}” holds…` : describeRemoval(item, removal.data)}</DialogDescription>
      </DialogHeader>
      <p className="text-sm">This cannot be undone.</p>
      <DialogActions label="Delete" busyLabel={busy ? "Deleting…" : "Delete"} busy={busy || counting} variant="destructive" onClick={() => void confirm()} />
    </>
  );
}
