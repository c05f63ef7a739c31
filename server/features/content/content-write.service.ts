import type { Logger } from "pino";
import type { ContentItem, ContentRemoval } from "#common/contracts/content";
import { duplicateTitleMessage } from "#common/domain/content";
import type { Transaction } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { lockContentForWrite } from "#server/queries/content-items.queries";
import { publishEvent } from "#server/realtime/publish-event";
import type { Storage } from "#server/storage/storage";
import {
  CONTENT_MESSAGES,
  type ContentDeps,
  presentItemById,
  refuseDuplicateTitle,
  requireWritableFolder,
  requireWritableItem,
} from "./content-checks.ts";
import { ensureCurrentMission } from "./content-missions.service.ts";
import { summarizeRemoval } from "./content-read.service.ts";
import { deleteContentItem, insertFolder, selectTitleTaken, updateContentParent, updateContentText } from "./content.queries.ts";
import { type AttachedEntityRow, selectAncestorFolders, selectAttachedEntities, selectSubtree } from "./content-tree.queries.ts";

interface ContentText {
  title: string;
  description?: string | null;
}

/** Last in the write's transaction: the library changed, and so did the attachments of these entities. */
async function announceContentChange(tx: Transaction, organizationId: string, entities: AttachedEntityRow[] = []): Promise<void> {
  await publishEvent(tx, organizationId, { type: "contentChanged", organizationId });
  for (const entity of entities) {
    await publishEvent(tx, organizationId, { type: "attachmentsChanged", organizationId, entityType: entity.entityType, entityId: entity.entityId });
  }
}

/** A folder in the current mission (made with the organization's first item), at the top or in a folder. */
export async function createFolder(
  deps: ContentDeps,
  organizationId: string,
  userId: string,
  input: ContentText & { parent_id?: string | null },
): Promise<ContentItem> {
  const parentId = input.parent_id ?? null;
  const message = duplicateTitleMessage("folder", input.title);
  const id = await refuseDuplicateTitle(
    () =>
      deps.db.transaction(async (tx) => {
        await lockContentForWrite(tx, organizationId);
        const missionId = await ensureCurrentMission(tx, organizationId, userId);
        if (parentId !== null) await requireWritableFolder(tx, organizationId, parentId);
        if (await selectTitleTaken(tx, organizationId, { missionId, parentId }, input.title)) throw new AppError("conflict", message);
        const created = await insertFolder(tx, { organizationId, missionId, parentId, title: input.title, description: input.description ?? null, uploadedBy: userId });
        await announceContentChange(tx, organizationId);
        return created;
      }),
    message,
  );
  return presentItemById(deps, organizationId, id);
}

/** A new title and description; the title must stay free in the item's folder. */
export async function updateContent(deps: ContentDeps, organizationId: string, contentId: string, input: ContentText): Promise<ContentItem> {
  const message = duplicateTitleMessage("update", input.title);
  const id = await refuseDuplicateTitle(
    () =>
      deps.db.transaction(async (tx) => {
        await lockContentForWrite(tx, organizationId);
        const node = await requireWritableItem(tx, organizationId, contentId);
        const place = { missionId: node.missionId, parentId: node.parentId };
        if (await selectTitleTaken(tx, organizationId, place, input.title, node.id)) throw new AppError("conflict", message);
        await updateContentText(tx, organizationId, node.id, { title: input.title, description: input.description ?? null });
        await announceContentChange(tx, organizationId, node.isFolder ? [] : await selectAttachedEntities(tx, organizationId, node.id));
        return node.id;
      }),
    message,
  );
  return presentItemById(deps, organizationId, id);
}

/**
 * Moves an item to a folder of its mission, or to the top. Under the organization's lock, so two
 * moves at once cannot each pass the check and together make a cycle.
 */
export async function moveContent(deps: ContentDeps, organizationId: string, contentId: string, destinationId: string | null): Promise<ContentItem> {
  const id = await deps.db.transaction(async (tx) => {
    await lockContentForWrite(tx, organizationId);
    const node = await requireWritableItem(tx, organizationId, contentId);
    if (destinationId !== null) {
      if (destinationId === node.id) throw new AppError("conflict", CONTENT_MESSAGES.moveIntoItself);
      await requireWritableFolder(tx, organizationId, destinationId);
      const above = await selectAncestorFolders(tx, organizationId, [destinationId]);
      if (above.some((folder) => folder.id === node.id)) throw new AppError("conflict", CONTENT_MESSAGES.moveIntoItself);
    }
    if (destinationId === node.parentId) return node.id;
    const message = duplicateTitleMessage("move", node.title);
    if (await selectTitleTaken(tx, organizationId, { missionId: node.missionId, parentId: destinationId }, node.title, node.id)) {
      throw new AppError("conflict", message);
    }
    await refuseDuplicateTitle(() => updateContentParent(tx, organizationId, node.id, destinationId), message);
    await announceContentChange(tx, organizationId);
    return node.id;
  });
  return presentItemById(deps, organizationId, id);
}

/** How many stored objects are removed at once after a delete. */
const REMOVAL_BATCH = 8;

/** Removes stored objects whose rows are gone; one that cannot be removed is logged and left behind. */
async function removeStoredFiles(storage: Storage, keys: string[], logger: Logger): Promise<void> {
  for (let start = 0; start < keys.length; start += REMOVAL_BATCH) {
    await Promise.all(
      keys.slice(start, start + REMOVAL_BATCH).map((key) =>
        storage.remove(key).catch((error: unknown) => logger.warn({ err: error, key }, "content: a deleted file's stored object could not be removed")),
      ),
    );
  }
}

/**
 * Deletes a file, or a folder with everything in it; their attachments go too. The stored objects
 * are removed after the commit, so a rolled-back delete never loses a file.
 */
export async function deleteContent(deps: ContentDeps, organizationId: string, contentId: string, logger: Logger): Promise<ContentRemoval> {
  const removed = await deps.db.transaction(async (tx) => {
    await lockContentForWrite(tx, organizationId);
    const node = await requireWritableItem(tx, organizationId, contentId);
    const rows = await selectSubtree(tx, organizationId, node.id);
    const entities = await selectAttachedEntities(tx, organizationId, node.id);
    await deleteContentItem(tx, organizationId, node.id);
    await announceContentChange(tx, organizationId, entities);
    return rows;
  });
  const keys = removed.flatMap((row) => (row.filePath ? [row.filePath] : []));
  await removeStoredFiles(deps.storage, keys, logger);
  logger.info({ event: "content.deleted", organizationId, files: keys.length }, "content: deleted");
  return summarizeRemoval(removed);
}
