import type { ContentItem } from "#common/contracts/content";
import type { Database, Queryable } from "#server/db/database";
import type { ContentSettings } from "#server/env";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { selectContentItemRows } from "#server/queries/content-items.queries";
import { type ContentLocationStep, presentContentItem } from "#server/storage/content-item-presenter";
import type { Storage } from "#server/storage/storage";
import { type ContentNodeRow, selectContentNode } from "./content.queries.ts";
import type { FolderStepRow } from "./content-tree.queries.ts";

/** The rules every operation of the library checks: what exists, what may be written, names. */

export interface ContentDeps {
  db: Database;
  storage: Storage;
  settings: ContentSettings;
}

export const CONTENT_MESSAGES = {
  itemNotFound: "File or folder not found",
  folderNotFound: "Folder not found",
  missionNotFound: "Mission not found",
  earlierFile: "This file belongs to an earlier mission and is read-only",
  earlierFolder: "This folder belongs to an earlier mission and is read-only",
  folderHasNoLink: "A folder has no file to show or download; open it instead",
  moveIntoItself: "Failed to move content: a folder cannot be moved into itself or a folder inside it",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An item of the organization, in any mission; a malformed id is not found either, before SQL sees it. */
export async function requireItem(db: Queryable, organizationId: string, contentId: string): Promise<ContentNodeRow> {
  const node = UUID.test(contentId) ? await selectContentNode(db, organizationId, contentId) : undefined;
  if (!node) throw new AppError("not_found", CONTENT_MESSAGES.itemNotFound);
  return node;
}

/** An item of the current mission: earlier missions are read-only. */
export async function requireWritableItem(db: Queryable, organizationId: string, contentId: string): Promise<ContentNodeRow> {
  const node = await requireItem(db, organizationId, contentId);
  if (!node.missionIsCurrent) throw new AppError("conflict", node.isFolder ? CONTENT_MESSAGES.earlierFolder : CONTENT_MESSAGES.earlierFile);
  return node;
}

/** A folder of the current mission to put something in. */
export async function requireWritableFolder(db: Queryable, organizationId: string, folderId: string): Promise<ContentNodeRow> {
  const node = await selectContentNode(db, organizationId, folderId);
  if (!node?.isFolder) throw new AppError("not_found", CONTENT_MESSAGES.folderNotFound);
  if (!node.missionIsCurrent) throw new AppError("conflict", CONTENT_MESSAGES.earlierFolder);
  return node;
}

/** Runs a write whose unique index guards titles; a taken title answers 409 with the §8 message. */
export async function refuseDuplicateTitle<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", message);
    throw error;
  }
}

/** The item as the API shows it, read after its write committed. */
export async function presentItemById(deps: Pick<ContentDeps, "db" | "storage">, organizationId: string, contentId: string): Promise<ContentItem> {
  const [row] = await selectContentItemRows(deps.db, organizationId, [contentId]);
  if (!row) throw new AppError("not_found", CONTENT_MESSAGES.itemNotFound);
  return presentContentItem(row, deps.storage);
}

/** The folders from the top down to `folderId` (included), chained through the given ancestor rows. */
export function chainFolders(folderId: string | null, folders: Map<string, FolderStepRow>): ContentLocationStep[] {
  const chain: ContentLocationStep[] = [];
  const seen = new Set<string>();
  for (let id = folderId; id !== null && !seen.has(id); ) {
    const folder = folders.get(id);
    if (!folder) break;
    seen.add(id);
    chain.unshift({ id: folder.id, title: folder.title });
    id = folder.parentId;
  }
  return chain;
}
