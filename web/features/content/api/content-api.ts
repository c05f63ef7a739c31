import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createFolderRoute,
  deleteContentRoute,
  getContentLinkRoute,
  getContentRemovalRoute,
  listContentRoute,
  moveContentRoute,
  startMissionRoute,
  updateContentRoute,
  uploadContentRoute,
} from "#common/contracts/content";
import { type RouteAnswer, type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { uploadWithProgress } from "#web/lib/upload-with-progress.ts";

// Every write publishes contentChanged, which invalidates queryKeys.content on every screen; the
// mutations below also invalidate it themselves so this screen does not wait for the event.

/** What one listing shows: a folder (or the top), or a title search, of a mission (the current one when null). */
export interface ContentListing {
  folderId: string | null;
  search: string;
  missionId: string | null;
}

export type ContentListAnswer = RouteAnswer<typeof listContentRoute>;

export function contentListQuery({ folderId, search, missionId }: ContentListing) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...queryKeys.content, "list", missionId ?? "current", term ? `search:${term}` : (folderId ?? "top")] as const,
    queryFn: ({ signal }) =>
      callRoute(listContentRoute, {
        query: { parent: term ? undefined : (folderId ?? undefined), search: term || undefined, mission: missionId ?? undefined },
        signal,
      }),
    // The previous folder or search stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** What deleting an item takes with it, asked when the delete dialog opens. */
export function contentRemovalQuery(contentId: string) {
  return queryOptions({
    queryKey: [...queryKeys.content, "removal", contentId] as const,
    queryFn: ({ signal }) => callRoute(getContentRemovalRoute, { params: { contentId }, signal }),
    staleTime: 0,
  });
}

/** A signed link to a file: to show in place, or (download) to save under its file name. */
export function fetchContentLink(contentId: string, download: boolean) {
  return callRoute(getContentLinkRoute, { params: { contentId }, query: download ? { download: "1" } : {} });
}

export interface UploadFileInput {
  file: File;
  title: string;
  parentId: string | null;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** Sends one file's bytes into the current mission, reporting how much has been sent. */
export function uploadContentFile({ file, title, parentId, onProgress, signal }: UploadFileInput) {
  return uploadWithProgress(uploadContentRoute, {
    query: { title, file_name: file.name, parent_id: parentId ?? undefined },
    body: file,
    onProgress,
    signal,
  });
}

function useInvalidatingMutation<TInput, TAnswer>(mutationFn: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.content }),
  });
}

export function useCreateFolder() {
  return useInvalidatingMutation((body: RouteBody<typeof createFolderRoute>) => callRoute(createFolderRoute, { body }));
}

export function useUpdateContent() {
  return useInvalidatingMutation(({ contentId, body }: { contentId: string; body: RouteBody<typeof updateContentRoute> }) =>
    callRoute(updateContentRoute, { params: { contentId }, body }),
  );
}

export function useMoveContent() {
  return useInvalidatingMutation(({ contentId, parentId }: { contentId: string; parentId: string | null }) =>
    callRoute(moveContentRoute, { params: { contentId }, body: { parent_id: parentId } }),
  );
}

export function useDeleteContent() {
  return useInvalidatingMutation((contentId: string) => callRoute(deleteContentRoute, { params: { contentId } }));
}

export function useStartMission() {
  return useInvalidatingMutation(() => callRoute(startMissionRoute));
}
