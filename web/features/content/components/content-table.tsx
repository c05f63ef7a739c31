import type { DragEvent } from "react";
import { Link } from "react-router";
import type { ContentItem } from "#common/contracts/content";
import { formatFileSize } from "#common/domain/content";
import { FileTypeIcon } from "#web/components/files/file-type-icon.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/cn.ts";
import { formatDay } from "#web/lib/format-date.ts";
import { type ContentItemActions, ContentRowActions } from "./content-row-actions.tsx";
import { contentAddressQuery } from "./use-content-address.ts";
import type { useItemDrag } from "./use-item-drag.ts";

type ItemDrag = ReturnType<typeof useItemDrag>;

export interface ContentTableProps {
  items: readonly ContentItem[];
  /** Search results show where each item sits. */
  searching: boolean;
  writable: boolean;
  missionId: string | null;
  actions: ContentItemActions;
  drag: ItemDrag;
  /** Files dragged in from the desktop onto a folder row go into that folder. */
  onDropFiles: (folder: ContentItem, files: File[]) => void;
}

function sizeOf(item: ContentItem): string {
  if (item.is_folder) {
    const count = item.child_count ?? 0;
    return count === 1 ? "1 item" : `${count} items`;
  }
  return item.file_size === null ? "—" : formatFileSize(item.file_size);
}

/** The library's rows: folders first, then newest (the server's order). Below `sm` each row is a card. */
export function ContentTable({ items, searching, writable, missionId, actions, drag, onDropFiles }: ContentTableProps) {
  return (
    <Table aria-label="Files" className="table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead className="w-auto">Name</TableHead>
          <TableHead className="w-28">Size</TableHead>
          <TableHead className="hidden w-40 md:table-cell">Uploaded by</TableHead>
          <TableHead className="w-32">Date</TableHead>
          <TableHead className="w-14">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <ContentRow
            key={item.id}
            item={item}
            searching={searching}
            writable={writable}
            missionId={missionId}
            actions={actions}
            drag={drag}
            onDropFiles={onDropFiles}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function ContentRow({ item, searching, writable, missionId, actions, drag, onDropFiles }: Omit<ContentTableProps, "items"> & { item: ContentItem }) {
  const target = item.is_folder ? drag.targetProps(item.id, item.title) : {};
  // Desktop files dropped on a folder row upload into it (the page takes any other file drop).
  const fileDrop =
    item.is_folder && writable
      ? {
          onDragOverCapture: (event: DragEvent) => {
            if ([...event.dataTransfer.types].includes("Files")) event.preventDefault();
          },
          onDropCapture: (event: DragEvent) => {
            if (event.dataTransfer.files.length === 0) return;
            event.preventDefault();
            event.stopPropagation();
            onDropFiles(item, [...event.dataTransfer.files]);
          },
        }
      : {};
  const dropState = "data-drop-target" in target ? target["data-drop-target"] : undefined;
  return (
    <TableRow
      {...drag.sourceProps(item)}
      {...target}
      {...fileDrop}
      className={cn(
        "transition-colors hover:bg-[var(--color-muted)]/60 max-sm:relative",
        dropState === "active" && "bg-[var(--color-muted)] outline-2 -outline-offset-2 outline-[var(--color-primary)] outline-dashed",
      )}
    >
      <TableCell className="min-w-0 max-sm:pr-10">
        <div className="flex min-w-0 items-start gap-3">
          <Thumbnail item={item} />
          <div className="min-w-0 flex-1">
            <button
              type="button"
              onClick={() => (item.is_folder ? actions.openFolder(item) : actions.preview(item))}
              className="max-w-full truncate rounded-sm text-left font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] focus-visible:outline-none"
              title={item.title}
            >
              {item.title}
            </button>
            {item.description ? <p className="line-clamp-2 text-xs break-words text-[var(--color-muted-foreground)]">{item.description}</p> : null}
            {searching && item.location ? <Location location={item.location} missionId={missionId} /> : null}
          </div>
        </div>
      </TableCell>
      <TableCell className="tabular-nums">{sizeOf(item)}</TableCell>
      <TableCell className="hidden truncate md:table-cell">{item.uploaded_by?.name ?? "—"}</TableCell>
      <TableCell>
        <time dateTime={item.created_at}>{formatDay(item.created_at)}</time>
      </TableCell>
      <TableCell className="text-right max-sm:absolute max-sm:top-2 max-sm:right-2 max-sm:p-0">
        <ContentRowActions item={item} writable={writable} actions={actions} />
      </TableCell>
    </TableRow>
  );
}

function Thumbnail({ item }: { item: ContentItem }) {
  if (item.thumbnail_url) {
    // The title beside it names the file: the picture is decorative.
    return <img src={item.thumbnail_url} alt="" loading="lazy" className="size-10 shrink-0 rounded object-cover" />;
  }
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded bg-[var(--color-muted)]">
      <FileTypeIcon contentType={item.content_type} isFolder={item.is_folder} />
    </span>
  );
}

/** Where a search result sits: "In Files › Contracts › 2030", each folder a link. */
function Location({ location, missionId }: { location: NonNullable<ContentItem["location"]>; missionId: string | null }) {
  const crumbs = [{ id: null as string | null, title: "Files" }, ...location];
  return (
    <p className="mt-0.5 flex flex-wrap items-center gap-x-1 text-xs text-[var(--color-muted-foreground)]">
      <span>In</span>
      {crumbs.map((crumb, index) => (
        <span key={crumb.id ?? "top"} className="flex min-w-0 items-center gap-1">
          {index > 0 ? <span aria-hidden="true">›</span> : null}
          <Link to={{ search: contentAddressQuery({ folderId: crumb.id, search: "", missionId }) }} className="truncate underline underline-offset-2 hover:no-underline">
            {crumb.title}
          </Link>
        </span>
      ))}
    </p>
  );
}
