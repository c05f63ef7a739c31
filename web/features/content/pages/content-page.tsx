import { useQuery } from "@tanstack/react-query";
import { FolderPlus, Upload } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { Link } from "react-router";
import type { ContentItem } from "#common/contracts/content";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { type ContentListAnswer, contentListQuery, useStartMission } from "#web/features/content/api/content-api.ts";
import { ContentEmptyState } from "#web/features/content/components/content-empty-state.tsx";
import { ContentSearch } from "#web/features/content/components/content-search.tsx";
import { ContentTable } from "#web/features/content/components/content-table.tsx";
import { showContentDone, showContentFailure } from "#web/features/content/components/content-toasts.ts";
import { FolderBreadcrumb } from "#web/features/content/components/folder-breadcrumb.tsx";
import { MissionSelect, StartMissionButton } from "#web/features/content/components/mission-controls.tsx";
import { StorageUsage } from "#web/features/content/components/storage-usage.tsx";
import { UploadQueueList } from "#web/features/content/components/upload-queue-list.tsx";
import { contentAddressQuery, useContentAddress } from "#web/features/content/components/use-content-address.ts";
import { useContentDialogs } from "#web/features/content/components/use-content-dialogs.tsx";
import { isFileDrag, useItemDrag } from "#web/features/content/components/use-item-drag.ts";
import { useUploadQueue } from "#web/features/content/components/use-upload-queue.ts";

/** Typing pauses this long before the search is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /content: the organization's file library (spec §2): folders, files, uploads and earlier missions. */
export default function ContentPage() {
  const { address, go } = useContentAddress();
  const search = useDebouncedValue(address.search, SEARCH_DEBOUNCE_MS).trim();
  const listing = useQuery(contentListQuery({ folderId: address.folderId, search, missionId: address.missionId }));
  const me = useQuery(currentUserQuery);
  const startMission = useStartMission();
  const { queue, entries } = useUploadQueue();
  const input = useRef<HTMLInputElement>(null);
  const [fileDragOver, setFileDragOver] = useState(false);

  const data = listing.data;
  const writable = data?.writable ?? false;
  const openFolder = (item: Pick<ContentItem, "id">) => go({ folderId: item.id, search: "" });
  const { actions, moveItem, openNewFolder, dialogs } = useContentDialogs({ folderId: address.folderId, missionId: address.missionId, onOpenFolder: openFolder });
  const drag = useItemDrag({ enabled: writable, onMove: (item, folder, title) => void moveItem(item, folder, title).catch(() => undefined) });

  const upload = (files: File[], parentId: string | null) => queue.add(files, parentId, data?.usage.max_file_bytes ?? null);
  const fileDrop = writable
    ? {
        onDragOver: (event: DragEvent) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setFileDragOver(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFileDragOver(false);
        },
        onDrop: (event: DragEvent) => {
          setFileDragOver(false);
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          upload([...event.dataTransfer.files], address.folderId);
        },
      }
    : {};

  const start = async () => {
    try {
      await startMission.mutateAsync();
      showContentDone("New mission started", "The library is empty and ready for this mission's files.");
      go({ folderId: null, search: "", missionId: null });
    } catch (error) {
      showContentFailure("Failed to start a new mission", error);
      throw error;
    }
  };

  const actionsBar = writable ? (
    <>
      {me.data?.is_employee && data?.mission && !address.missionId ? <StartMissionButton onStart={start} /> : null}
      <Button type="button" variant="outline" onClick={openNewFolder}>
        <FolderPlus aria-hidden="true" />
        New folder
      </Button>
      <Button type="button" onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" />
        Upload files
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        onChange={(event) => {
          upload([...(event.target.files ?? [])], address.folderId);
          event.target.value = "";
        }}
      />
    </>
  ) : null;

  return (
    <PageFrame title="Files" description={data ? <StorageUsage usage={data.usage} /> : undefined} actions={actionsBar}>
      <div {...fileDrop} className="relative min-h-64 space-y-4">
        {data ? (
          <>
            <Toolbar data={data} search={address.search} onSearch={(next) => go({ search: next }, { replace: true })} onMission={(missionId) => go({ missionId, folderId: null, search: "" })} />
            {!writable ? <ReadOnlyNotice /> : null}
            <FolderBreadcrumb path={data.folder_path} missionId={address.missionId} drag={drag} trailing={search ? `Search results for “${search}”` : undefined} />
            <UploadQueueList entries={entries} onCancel={(id) => queue.cancel(id)} onDismiss={(id) => queue.dismiss(id)} />
            {listing.isError ? <PageError error={listing.error} onRetry={() => void listing.refetch()} /> : null}
            {data.items.length === 0 ? (
              <ContentEmptyState searching={search !== ""} search={search} writable={writable} />
            ) : (
              <ContentTable
                items={data.items}
                searching={search !== ""}
                writable={writable}
                missionId={address.missionId}
                actions={actions}
                drag={drag}
                onDropFiles={(folder, files) => upload(files, folder.id)}
              />
            )}
            {data.truncated ? <p className="text-sm text-[var(--color-muted-foreground)]">Only the first {data.items.length.toLocaleString()} are shown. Search by title to find the rest.</p> : null}
          </>
        ) : listing.isError ? (
          <PageError error={listing.error} onRetry={() => void listing.refetch()} />
        ) : (
          <LoadingSkeleton label="Loading files..." shape="cards" />
        )}
        {fileDragOver ? <DropOverlay folder={data?.folder_path.at(-1)?.title ?? "Files"} /> : null}
      </div>
      {dialogs}
    </PageFrame>
  );
}

function Toolbar({ data, search, onSearch, onMission }: { data: ContentListAnswer; search: string; onSearch: (search: string) => void; onMission: (missionId: string | null) => void }) {
  const current = data.missions.find((mission) => mission.end_date === null);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <ContentSearch value={search} onChange={onSearch} />
      {data.missions.length > 1 ? <MissionSelect missions={data.missions} missionId={data.mission && data.mission.id !== current?.id ? data.mission.id : null} onChange={onMission} /> : null}
    </div>
  );
}

function ReadOnlyNotice() {
  return (
    <p className="rounded-md border border-[var(--color-border)] bg-[var(--color-muted)] px-4 py-3 text-sm">
      This is an earlier mission: its files can be previewed and downloaded, not changed.{" "}
      <Link to={{ search: contentAddressQuery({ folderId: null, search: "", missionId: null }) }} className="font-medium underline underline-offset-4 hover:no-underline">
        Back to the current mission
      </Link>
    </p>
  );
}

function DropOverlay({ folder }: { folder: string }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-lg border-2 border-dashed border-[var(--color-primary)] bg-[var(--color-background)]/85">
      <p className="flex items-center gap-2 font-medium">
        <Upload className="size-5" />
        Drop files to upload them to {folder}
      </p>
    </div>
  );
}
