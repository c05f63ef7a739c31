import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Attachment,
  createAttachmentRoute,
  deleteAttachmentRoute,
  listAttachmentCandidatesRoute,
  listAttachmentsRoute,
} from "#common/contracts/attachments";
import { type ContentItem, getContentLinkRoute, uploadContentRoute } from "#common/contracts/content";
import type { AttachmentEntityType } from "#common/domain/content";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { uploadWithProgress } from "#web/lib/upload-with-progress.ts";

/** The entity whose attachments a widget shows: the caller only names it. */
export interface AttachmentTarget {
  entityType: AttachmentEntityType;
  entityId: string;
}

const entityQuery = ({ entityType, entityId }: AttachmentTarget) => ({ entity_type: entityType, entity_id: entityId });

/** The entity's attachments, oldest first (the attachmentsChanged event refreshes them). */
export function attachmentsQuery(target: AttachmentTarget) {
  return queryOptions({
    queryKey: queryKeys.entityAttachments(target.entityType, target.entityId),
    queryFn: ({ signal }) => callRoute(listAttachmentsRoute, { query: entityQuery(target), signal }),
  });
}

/** Select Existing: root-level library files not yet attached; under the entity's key, so the same events refresh it. */
export function attachmentCandidatesQuery(target: AttachmentTarget) {
  return queryOptions({
    queryKey: [...queryKeys.entityAttachments(target.entityType, target.entityId), "candidates"] as const,
    queryFn: ({ signal }) => callRoute(listAttachmentCandidatesRoute, { query: entityQuery(target), signal }),
  });
}

/** Asks for a signed link to a library file: shown in place, or as a download under its name. */
export function loadContentLink(contentId: string, download: boolean) {
  return callRoute(getContentLinkRoute, { params: { contentId }, query: download ? { download: "1" } : {} });
}

export interface UploadToLibrary {
  file: File;
  title: string;
  description?: string | null;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Uploads a file to the top of the current mission's library (no folder). */
export function uploadToLibrary({ file, title, description, onProgress, signal }: UploadToLibrary): Promise<ContentItem> {
  return uploadWithProgress(uploadContentRoute, {
    query: { title, description: description ?? undefined, file_name: file.name },
    body: file,
    onProgress,
    signal,
  });
}

export function linkAttachment(target: AttachmentTarget, contentId: string): Promise<Attachment> {
  return callRoute(createAttachmentRoute, { body: { ...entityQuery(target), content_id: contentId } });
}

/**
 * Uploads a file to the library, then attaches it to the entity. The file is in the library once
 * the upload answers; a failed link is only logged (spec §8) and the flow goes on, so the caller
 * treats it as done. Returns the link, or null when it failed.
 */
export async function uploadAndAttach(target: AttachmentTarget, upload: UploadToLibrary): Promise<Attachment | null> {
  const item = await uploadToLibrary(upload);
  try {
    return await linkAttachment(target, item.id);
  } catch (error) {
    console.warn(`The file "${item.title}" was uploaded to the library but could not be attached.`, error);
    return null;
  }
}

/**
 * Refetches the entity's attachments and candidates at once (the realtime event does the same for
 * other screens), and the library too after an upload, where the new file shows.
 */
export function useRefreshAttachments(target: AttachmentTarget) {
  const queryClient = useQueryClient();
  return ({ uploaded = false }: { uploaded?: boolean } = {}) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.entityAttachments(target.entityType, target.entityId) }),
      uploaded ? queryClient.invalidateQueries({ queryKey: queryKeys.content }) : undefined,
    ]);
}

export function useAttachExisting(target: AttachmentTarget) {
  const refresh = useRefreshAttachments(target);
  return useMutation({ mutationFn: (contentId: string) => linkAttachment(target, contentId), onSuccess: () => refresh() });
}

export function useRemoveAttachment(target: AttachmentTarget) {
  const refresh = useRefreshAttachments(target);
  return useMutation({
    mutationFn: (attachmentId: string) => callRoute(deleteAttachmentRoute, { params: { attachmentId } }),
    onSuccess: () => refresh(),
  });
}
