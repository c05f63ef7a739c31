import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Folder } from "lucide-react";
import { useState } from "react";
import type { ContentItem } from "#common/contracts/content";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogCancelButton } from "#web/components/ui/dialog-actions.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { contentListQuery } from "#web/features/content/api/content-api.ts";

export const TOP_LEVEL_LABEL = "Files (top level)";

/**
 * Move to: browse the mission's folders (the item itself is never offered, so a folder cannot be
 * moved into itself) and move the item into the one shown. The server refuses a move into a
 * folder inside the item; its message shows here.
 */
export function MoveDialog({
  item,
  missionId,
  onClose,
  onMove,
}: {
  item: ContentItem | null;
  missionId: string | null;
  onClose: () => void;
  /** Moves; a rejection shows its message in the dialog. */
  onMove: (item: ContentItem, folder: string | null, folderTitle: string) => Promise<void>;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{item ? <MoveBrowser key={item.id} item={item} missionId={missionId} onClose={onClose} onMove={onMove} /> : null}</DialogContent>
    </Dialog>
  );
}

function MoveBrowser({ item, missionId, onClose, onMove }: { item: ContentItem; missionId: string | null; onClose: () => void; onMove: (item: ContentItem, folder: string | null, folderTitle: string) => Promise<void> }) {
  const [folder, setFolder] = useState<string | null>(item.parent_id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const listing = useQuery(contentListQuery({ folderId: folder, search: "", missionId }));
  // keepPreviousData shows the last folder while the next loads; only a listing of this folder counts.
  const shown = listing.data && !listing.isPlaceholderData ? listing.data : null;
  const path = shown?.folder_path ?? [];
  const folders = (shown?.items ?? []).filter((entry) => entry.is_folder && entry.id !== item.id);
  const here = path.at(-1)?.title ?? TOP_LEVEL_LABEL;
  const alreadyHere = folder === item.parent_id;

  const open = (next: string | null) => {
    setFailure(null);
    setFolder(next);
  };

  const move = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onMove(item, folder, here);
      onClose();
    } catch (error) {
      setFailure(messageOf(error, "Failed to move content. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Move to</DialogTitle>
        <DialogDescription>Choose the folder “{item.title}” goes into.</DialogDescription>
      </DialogHeader>
      <nav aria-label="Destination folder path">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          {[{ id: null as string | null, title: TOP_LEVEL_LABEL }, ...path].map((crumb, index, crumbs) => (
            <li key={crumb.id ?? "top"} className="flex min-w-0 items-center gap-1">
              {index > 0 ? <span aria-hidden="true">›</span> : null}
              {index === crumbs.length - 1 ? (
                <span aria-current="location" className="max-w-48 truncate font-medium">
                  {crumb.title}
                </span>
              ) : (
                <button type="button" onClick={() => open(crumb.id)} className="max-w-48 truncate rounded-sm text-[var(--color-muted-foreground)] underline underline-offset-4 hover:text-[var(--color-foreground)] focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] focus-visible:outline-none">
                  {crumb.title}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="max-h-72 min-h-32 overflow-y-auto rounded-md border border-[var(--color-border)]">
        {!shown ? (
          listing.isError ? (
            <p role="alert" className="p-4 text-sm">
              {messageOf(listing.error, "The folders could not be loaded.")}
            </p>
          ) : (
            <Spinner label="Loading folders..." />
          )
        ) : folders.length === 0 ? (
          <p className="p-4 text-sm text-[var(--color-muted-foreground)]">No folders in {here}.</p>
        ) : (
          <ul aria-label={`Folders in ${here}`} className="divide-y divide-[var(--color-border)]">
            {folders.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  onClick={() => open(entry.id)}
                  className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-[var(--color-muted)] focus-visible:bg-[var(--color-muted)] focus-visible:outline-none"
                >
                  <Folder aria-hidden="true" className="size-4 shrink-0 text-[var(--color-primary)]" />
                  <span className="min-w-0 flex-1 truncate">{entry.title}</span>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-[var(--color-muted-foreground)]" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {alreadyHere ? <p className="text-sm text-[var(--color-muted-foreground)]">“{item.title}” is already in {here}.</p> : null}
      {failure ? (
        <p role="alert" className="text-sm text-[var(--color-destructive)]">
          {failure}
        </p>
      ) : null}
      <DialogFooter>
        <DialogCancelButton />
        <Button type="button" onClick={() => void move()} disabled={busy || alreadyHere || !shown}>
          {busy ? "Moving…" : "Move here"}
        </Button>
      </DialogFooter>
    </>
  );
}
