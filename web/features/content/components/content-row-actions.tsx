import { Download, Ellipsis, Eye, FolderInput, FolderOpen, Pencil, Trash2 } from "lucide-react";
import type { ContentItem } from "#common/contracts/content";
import { Button } from "#web/components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "#web/components/ui/dropdown-menu.tsx";

/** What can be done to one row; the page opens the dialogs. */
export interface ContentItemActions {
  openFolder: (item: ContentItem) => void;
  preview: (item: ContentItem) => void;
  download: (item: ContentItem) => void;
  rename: (item: ContentItem) => void;
  move: (item: ContentItem) => void;
  remove: (item: ContentItem) => void;
}

/** A row's menu, "Actions for <title>": open or preview and download; in a writable mission rename, move and delete. */
export function ContentRowActions({ item, writable, actions }: { item: ContentItem; writable: boolean; actions: ContentItemActions }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={`Actions for ${item.title}`}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {item.is_folder ? (
          <DropdownMenuItem onSelect={() => actions.openFolder(item)}>
            <FolderOpen aria-hidden="true" />
            Open
          </DropdownMenuItem>
        ) : (
          <>
            <DropdownMenuItem onSelect={() => actions.preview(item)}>
              <Eye aria-hidden="true" />
              Preview
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => actions.download(item)}>
              <Download aria-hidden="true" />
              Download
            </DropdownMenuItem>
          </>
        )}
        {writable ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => actions.rename(item)}>
              <Pencil aria-hidden="true" />
              Rename
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => actions.move(item)}>
              <FolderInput aria-hidden="true" />
              Move to…
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => actions.remove(item)} className="text-[var(--color-destructive)]">
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
