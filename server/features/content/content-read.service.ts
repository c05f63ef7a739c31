import type { z } from "zod";
import type { ContentLink, ContentList, ContentRemoval, contentListQuerySchema, StorageUsage } from "#common/contracts/content";
import { CONTENT_LIST_LIMIT, SIGNED_LINK_SECONDS } from "#common/domain/content";
import type { Queryable } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import type { ContentItemRow } from "#server/queries/content-items.queries";
import { presentContentItem } from "#server/storage/content-item-presenter";
import { CONTENT_MESSAGES, type ContentDeps, chainFolders, requireItem } from "./content-checks.ts";
import { selectMissions, selectUsedBytes } from "./content-missions.queries.ts";
import { presentMission } from "./content-missions.service.ts";
import { selectContentNode, selectFolderItems, selectItemsByTitle } from "./content.queries.ts";
import { type FolderStepRow, type SubtreeRow, selectAncestorFolders, selectSubtree } from "./content-tree.queries.ts";

type ListQuery = z.output<typeof contentListQuerySchema>;

export async function getStorageUsage(deps: Pick<ContentDeps, "db" | "settings">, organizationId: string): Promise<StorageUsage> {
  return {
    used_bytes: await selectUsedBytes(deps.db, organizationId),
    quota_bytes: deps.settings.quotaBytes,
    max_file_bytes: deps.settings.maxFileBytes,
    capture_max_seconds: deps.settings.captureMaxSeconds,
  };
}

async function ancestorsOf(db: Queryable, organizationId: string, ids: string[]): Promise<Map<string, FolderStepRow>> {
  const rows = await selectAncestorFolders(db, organizationId, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * One folder of a mission (the current one unless another is named), or a title search across
 * its folders, with every mission and the storage used. Earlier missions are read-only.
 */
export async function listContent(deps: ContentDeps, organizationId: string, query: ListQuery): Promise<ContentList> {
  const { db, storage } = deps;
  const [missionRows, usage] = await Promise.all([selectMissions(db, organizationId), getStorageUsage(deps, organizationId)]);
  const shown = query.mission ? missionRows.find((row) => row.id === query.mission) : missionRows.find((row) => row.endDate === null);
  if (query.mission && !shown) throw new AppError("not_found", CONTENT_MESSAGES.missionNotFound);
  const missions = missionRows.map(presentMission);
  const search = query.search ?? "";
  if (!shown) {
    if (query.parent && search === "") throw new AppError("not_found", CONTENT_MESSAGES.folderNotFound);
    return { mission: null, missions, writable: true, folder_path: [], items: [], truncated: false, usage };
  }
  const listing = { mission: presentMission(shown), missions, writable: shown.endDate === null, usage };

  if (search !== "") {
    const rows = await selectItemsByTitle(db, organizationId, shown.id, search, CONTENT_LIST_LIMIT + 1);
    const found = rows.slice(0, CONTENT_LIST_LIMIT);
    const folders = await ancestorsOf(db, organizationId, found.map((row) => row.id));
    const items = await Promise.all(found.map((row) => presentContentItem(row, storage, chainFolders(row.parentId, folders))));
    return { ...listing, folder_path: [], items, truncated: rows.length > found.length };
  }

  const parentId = query.parent ?? null;
  let folderPath: ContentList["folder_path"] = [];
  if (parentId !== null) {
    const parent = await selectContentNode(db, organizationId, parentId);
    if (!parent?.isFolder || parent.missionId !== shown.id) throw new AppError("not_found", CONTENT_MESSAGES.folderNotFound);
    const folders = await ancestorsOf(db, organizationId, [parentId]);
    folders.set(parent.id, { id: parent.id, parentId: parent.parentId, title: parent.title });
    folderPath = chainFolders(parentId, folders);
  }
  const rows: ContentItemRow[] = await selectFolderItems(db, organizationId, { missionId: shown.id, parentId }, CONTENT_LIST_LIMIT + 1);
  const shownRows = rows.slice(0, CONTENT_LIST_LIMIT);
  const items = await Promise.all(shownRows.map((row) => presentContentItem(row, storage)));
  return { ...listing, folder_path: folderPath, items, truncated: rows.length > shownRows.length };
}

/** A signed link to a file of any mission: shown in place, or offered as a download under its file name. */
export async function getContentLink(deps: Pick<ContentDeps, "db" | "storage">, organizationId: string, contentId: string, download: boolean): Promise<ContentLink> {
  const node = await requireItem(deps.db, organizationId, contentId);
  if (node.isFolder || !node.filePath) throw new AppError("bad_request", CONTENT_MESSAGES.folderHasNoLink);
  const expiresAt = new Date(Date.now() + SIGNED_LINK_SECONDS * 1000);
  const url = await deps.storage.createSignedUrl(node.filePath, {
    expiresInSeconds: SIGNED_LINK_SECONDS,
    downloadName: download ? (node.fileName ?? undefined) : undefined,
  });
  return { url, expires_at: expiresAt.toISOString() };
}

/** Counts what removing these rows removes; the item itself is among them. */
export function summarizeRemoval(rows: SubtreeRow[]): ContentRemoval {
  const files = rows.filter((row) => !row.isFolder);
  return {
    files: files.length,
    folders: rows.length - files.length,
    bytes: files.reduce((sum, row) => sum + (row.fileSize ?? 0), 0),
  };
}

/** What deleting the item would remove: itself and, for a folder, everything in it. */
export async function getContentRemoval(db: Queryable, organizationId: string, contentId: string): Promise<ContentRemoval> {
  const node = await requireItem(db, organizationId, contentId);
  return summarizeRemoval(await selectSubtree(db, organizationId, node.id));
}
