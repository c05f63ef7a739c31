import { useState } from "react";
import type { ContentItem } from "#common/contracts/content";
import { FilePreviewDialog } from "#web/components/files/file-preview-dialog.tsx";
import { openDownload } from "#web/components/files/open-download.ts";
import { fetchContentLink, useCreateFolder, useDeleteContent, useMoveContent, useUpdateContent } from "#web/features/content/api/content-api.ts";
import { ContentDetailsDialog } from "./content-details-dialog.tsx";
import type { ContentItemActions } from "./content-row-actions.tsx";
import { showContentDone, showContentFailure } from "./content-toasts.ts";
import { DeleteDialog } from "./delete-dialog.tsx";
import { MoveDialog } from "./move-dialog.tsx";

type Open = { kind: "rename" | "move" | "delete" | "preview"; item: ContentItem } | { kind: "new-folder" } | null;

/**
 * The library's dialogs (New folder, Preview, Rename, Move to, Delete) and what opens them. Moves
 * made by dragging go through `moveItem` too, so they toast the same way.
 */
export function useContentDialogs({ folderId, missionId, onOpenFolder }: { folderId: string | null; missionId: string | null; onOpenFolder: (item: ContentItem) => void }) {
  const [open, setOpen] = useState<Open>(null);
  const createFolder = useCreateFolder();
  const update = useUpdateContent();
  const move = useMoveContent();
  const remove = useDeleteContent();
  const close = () => setOpen(null);
  const itemOf = (kind: "rename" | "move" | "delete" | "preview") => (open && open.kind === kind ? open.item : null);

  /** Moves `item` into `folder`; rejects after the failure toast so a dialog can show it too. */
  const moveItem = async (item: ContentItem, folder: string | null, folderTitle: string) => {
    try {
      await move.mutateAsync({ contentId: item.id, parentId: folder });
      showContentDone("Moved", `“${item.title}” is now in ${folderTitle}.`);
    } catch (error) {
      showContentFailure("Failed to move content", error);
      throw error;
    }
  };

  const download = (item: ContentItem) => {
    fetchContentLink(item.id, true).then(
      ({ url }) => openDownload(url),
      (error: unknown) => showContentFailure("Failed to download content", error),
    );
  };

  const actions: ContentItemActions = {
    openFolder: onOpenFolder,
    preview: (item) => setOpen({ kind: "preview", item }),
    download,
    rename: (item) => setOpen({ kind: "rename", item }),
    move: (item) => setOpen({ kind: "move", item }),
    remove: (item) => setOpen({ kind: "delete", item }),
  };

  const preview = itemOf("preview");
  const renaming = itemOf("rename");
  const dialogs = (
    <>
      <ContentDetailsDialog
        open={open?.kind === "new-folder"}
        onOpenChange={(next) => !next && close()}
        heading="New folder"
        explanation="The folder is created in the folder you are looking at."
        submitLabel="Create folder"
        busyLabel="Creating…"
        initial={{ title: "", description: null }}
        failure="Failed to create folder"
        onSubmit={async (details) => {
          const folder = await createFolder.mutateAsync({ ...details, parent_id: folderId });
          showContentDone("Folder created", `“${folder.title}” is ready for files.`);
        }}
      />
      <ContentDetailsDialog
        open={renaming !== null}
        onOpenChange={(next) => !next && close()}
        heading="Rename"
        explanation={renaming?.is_folder ? "Change the folder's title and description." : "Change the file's title and description. Its file name stays."}
        submitLabel="Save"
        busyLabel="Saving…"
        initial={{ title: renaming?.title ?? "", description: renaming?.description ?? null }}
        failure="Failed to update content"
        onSubmit={async (details) => {
          if (!renaming) return;
          await update.mutateAsync({ contentId: renaming.id, body: details });
          showContentDone("Saved", `“${details.title}” is saved.`);
        }}
      />
      <MoveDialog item={itemOf("move")} missionId={missionId} onClose={close} onMove={moveItem} />
      <DeleteDialog
        item={itemOf("delete")}
        onClose={close}
        onDelete={async (item) => {
          try {
            await remove.mutateAsync(item.id);
            showContentDone(item.is_folder ? "Folder deleted" : "File deleted", `“${item.title}” was deleted.`);
          } catch (error) {
            showContentFailure("Failed to delete content", error);
            throw error;
          }
        }}
      />
      <FilePreviewDialog
        open={preview !== null}
        onOpenChange={(next) => !next && close()}
        title={preview?.title ?? ""}
        fileName={preview?.file_name}
        fileSize={preview?.file_size}
        contentType={preview?.content_type ?? null}
        loadLink={(asDownload) => (preview ? fetchContentLink(preview.id, asDownload) : Promise.reject(new Error("No file")))}
      />
    </>
  );

  return { actions, moveItem, openNewFolder: () => setOpen({ kind: "new-folder" }), dialogs };
}
