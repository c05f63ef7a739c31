import { type DragEvent, useState } from "react";
import type { ContentItem } from "#common/contracts/content";

/** The data type a dragged row carries; files dragged in from the desktop carry "Files" instead. */
export const CONTENT_DRAG_TYPE = "application/x-portal-content-item";

/** Where a dragged row can land: a folder's id, or null for the top of the library. */
export type DropFolder = string | null;

export function isFileDrag(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes("Files");
}

function isItemDrag(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes(CONTENT_DRAG_TYPE);
}

/**
 * Rows dragged onto a folder row or a breadcrumb crumb to move them. A target is offered only
 * where the row would go somewhere new: never a folder onto itself, nor into the folder it is in.
 * (A folder dropped into one inside it is refused by the server, whose message is shown.)
 */
export function useItemDrag({ enabled, onMove }: { enabled: boolean; onMove: (item: ContentItem, folder: DropFolder, folderTitle: string) => void }) {
  const [dragged, setDragged] = useState<ContentItem | null>(null);
  const [over, setOver] = useState<DropFolder | undefined>(undefined);

  const canDrop = (folder: DropFolder) => dragged !== null && dragged.id !== folder && dragged.parent_id !== folder;

  const sourceProps = (item: ContentItem) =>
    enabled
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.setData(CONTENT_DRAG_TYPE, item.id);
            event.dataTransfer.setData("text/plain", item.title);
            event.dataTransfer.effectAllowed = "move";
            setDragged(item);
          },
          onDragEnd: () => {
            setDragged(null);
            setOver(undefined);
          },
        }
      : {};

  const targetProps = (folder: DropFolder, folderTitle: string) =>
    enabled && canDrop(folder)
      ? {
          "data-drop-target": over === folder ? "active" : "available",
          onDragOver: (event: DragEvent) => {
            if (!isItemDrag(event)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
            if (over !== folder) setOver(folder);
          },
          onDragLeave: () => setOver((current) => (current === folder ? undefined : current)),
          onDrop: (event: DragEvent) => {
            if (!isItemDrag(event) || !dragged) return;
            event.preventDefault();
            event.stopPropagation();
            const item = dragged;
            setDragged(null);
            setOver(undefined);
            onMove(item, folder, folderTitle);
          },
        }
      : {};

  return { dragging: dragged !== null, sourceProps, targetProps };
}
