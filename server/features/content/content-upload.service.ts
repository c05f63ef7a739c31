import type { z } from "zod";
import type { ContentItem, uploadContentQuerySchema } from "#common/contracts/content";
import { duplicateTitleMessage } from "#common/domain/content";
import { AppError } from "#server/lib/app-error";
import { lockContentForWrite, selectCurrentMissionId } from "#server/queries/content-items.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { cleanDownloadName } from "#server/storage/download-name";
import { generateStorageKey } from "#server/storage/storage-keys";
import { type StoredFile, type Upload, describeByteCount, storeThenRecord, tooLarge } from "#server/storage/uploads";
import { type ContentDeps, presentItemById, refuseDuplicateTitle, requireWritableFolder } from "./content-checks.ts";
import { selectUsedBytes } from "./content-missions.queries.ts";
import { ensureCurrentMission } from "./content-missions.service.ts";
import { insertFile, selectTitleTaken } from "./content.queries.ts";

type UploadQuery = z.output<typeof uploadContentQuerySchema>;

/** Reads the request's body as an upload of at most `maxBytes` (413 past it, 415 for a refused type). */
export type ReadUploadBody = (maxBytes: number) => Promise<Upload>;

function quotaRefusal(usedBytes: number, quotaBytes: number): AppError {
  const used = `${describeByteCount(usedBytes)} of ${describeByteCount(quotaBytes)} used`;
  return new AppError(
    "payload_too_large",
    usedBytes >= quotaBytes
      ? `The organization's storage is full: ${used}. Delete files to make room.`
      : `The file does not fit in the organization's storage: ${used}.`,
  );
}

interface Placement {
  organizationId: string;
  userId: string;
  parentId: string | null;
  query: UploadQuery;
}

/**
 * Records a stored file under the organization's lock: the quota is checked again with the real
 * size, so two uploads at once cannot overshoot it together. A refusal here throws, and
 * storeThenRecord then removes the stored object.
 */
async function recordFile(deps: ContentDeps, place: Placement, stored: StoredFile): Promise<string> {
  const { organizationId, userId, parentId, query } = place;
  return refuseDuplicateTitle(
    () =>
      deps.db.transaction(async (tx) => {
        await lockContentForWrite(tx, organizationId);
        const missionId = await ensureCurrentMission(tx, organizationId, userId);
        if (parentId !== null) await requireWritableFolder(tx, organizationId, parentId);
        const used = await selectUsedBytes(tx, organizationId);
        if (used + stored.size > deps.settings.quotaBytes) throw quotaRefusal(used, deps.settings.quotaBytes);
        const id = await insertFile(tx, {
          organizationId,
          missionId,
          parentId,
          title: query.title,
          description: query.description ?? null,
          uploadedBy: userId,
          filePath: stored.key,
          // The uploader's name is only ever shown and offered as a download name; the key is ours.
          fileName: cleanDownloadName(query.file_name),
          fileSize: stored.size,
          contentType: stored.contentType,
        });
        await publishEvent(tx, organizationId, { type: "contentChanged", organizationId });
        return id;
      }),
    duplicateTitleMessage("upload", query.title),
  );
}

/**
 * Uploads one file into the current mission. The folder, the title and the quota are checked
 * before any byte is read, so a refusal comes at once; the unique index and the locked re-check
 * decide for uploads that race.
 */
export async function uploadContent(
  deps: ContentDeps,
  organizationId: string,
  userId: string,
  query: UploadQuery,
  readBody: ReadUploadBody,
): Promise<ContentItem> {
  const { db, storage, settings } = deps;
  const parentId = query.parent_id ?? null;
  if (parentId !== null) await requireWritableFolder(db, organizationId, parentId);
  const missionId = await selectCurrentMissionId(db, organizationId);
  if (missionId && (await selectTitleTaken(db, organizationId, { missionId, parentId }, query.title))) {
    throw new AppError("conflict", duplicateTitleMessage("upload", query.title));
  }
  const used = await selectUsedBytes(db, organizationId);
  const left = settings.quotaBytes - used;
  if (left <= 0) throw quotaRefusal(used, settings.quotaBytes);
  const maxBytes = Math.min(settings.maxFileBytes, left);

  const key = generateStorageKey(`organizations/${organizationId}/content`);
  let id: string;
  try {
    const upload = await readBody(maxBytes);
    id = await storeThenRecord(storage, key, upload, (stored) => recordFile(deps, { organizationId, userId, parentId, query }, stored));
  } catch (error) {
    // The limit was the space left, not the largest file: say so.
    const overQuota = maxBytes < settings.maxFileBytes && error instanceof AppError && error.message === tooLarge(maxBytes).message;
    throw overQuota ? quotaRefusal(used, settings.quotaBytes) : error;
  }
  return presentItemById(deps, organizationId, id);
}
