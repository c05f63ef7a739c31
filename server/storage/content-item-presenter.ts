import { type ContentItem } from "#common/contracts/content";
import { previewKindOf, SIGNED_LINK_SECONDS } from "#common/domain/content";
import type { ContentItemRow } from "#server/queries/content-items.queries";
import type { Storage } from "./storage.ts";

/** Thumbnail links stay the same within a window this long, so a refreshed list reuses cached images. */
const THUMBNAIL_LINK_WINDOW_SECONDS = 600;

/**
 * A thumbnail's link lifetime: it ends at the same moment for every listing in the same 10-minute
 * window (so the URL, and the browser's cached image, stay the same when a list is fetched again),
 * and is never longer than the 3,600 s of spec §9 nor shorter than 3,000 s.
 */
export function thumbnailLinkSeconds(nowMs: number): number {
  return SIGNED_LINK_SECONDS - (Math.floor(nowMs / 1000) % THUMBNAIL_LINK_WINDOW_SECONDS);
}

export interface ContentLocationStep {
  id: string;
  title: string;
}

/**
 * A library row as the API shows it. Images get a signed thumbnail link (see thumbnailLinkSeconds); `location` (the folders
 * it sits in, outermost first) is given by searches and left null elsewhere.
 */
export async function presentContentItem(row: ContentItemRow, storage: Storage, location?: ContentLocationStep[]): Promise<ContentItem> {
  const isImage = !row.isFolder && row.filePath !== null && previewKindOf(row.contentType) === "image";
  return {
    id: row.id,
    mission_id: row.missionId,
    parent_id: row.parentId,
    is_folder: row.isFolder,
    title: row.title,
    description: row.description,
    file_name: row.isFolder ? null : row.fileName,
    file_size: row.isFolder ? null : row.fileSize,
    content_type: row.isFolder ? null : row.contentType,
    uploaded_by: row.uploadedById ? { id: row.uploadedById, name: row.uploadedByName ?? "" } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    child_count: row.isFolder ? (row.childCount ?? 0) : null,
    thumbnail_url: isImage && row.filePath ? await storage.createSignedUrl(row.filePath, { expiresInSeconds: thumbnailLinkSeconds(Date.now()) }) : null,
    location: location ?? null,
  };
}
