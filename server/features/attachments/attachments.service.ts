import type { Attachment, AttachmentCandidates, AttachmentList } from "#common/contracts/attachments";
import type { AttachmentEntityType } from "#common/domain/content";
import { requireEntityAccess } from "#server/auth/access-facts";
import type { Database, Queryable } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { type ContentItemRow, selectContentItemRows, selectCurrentMissionId } from "#server/queries/content-items.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { presentContentItem } from "#server/storage/content-item-presenter";
import type { Storage } from "#server/storage/storage";
import { type AttachmentEntity, ATTACHMENT_ENTITIES, findAttachmentEntity } from "./attachment-entities.queries.ts";
import {
  type AttachmentRow,
  deleteAttachmentRow,
  insertAttachment,
  selectAttachment,
  selectAttachmentCandidates,
  selectContentKind,
  selectEntityAttachments,
} from "./attachments.queries.ts";

export interface AttachmentDeps {
  db: Database;
  storage: Storage;
  access: AccessSettings;
}

export interface EntityInput {
  entity_type: AttachmentEntityType;
  entity_id: string;
}

const ATTACHMENT_NOT_FOUND = "Attachment not found";
const FILE_NOT_FOUND = "File not found";

/** The entity must be the organization's (404 otherwise), then its own rules apply (the same 403 its pages answer). */
async function requireEntity(deps: AttachmentDeps, organizationId: string, caller: Caller, input: EntityInput): Promise<AttachmentEntity> {
  const entity = ATTACHMENT_ENTITIES[input.entity_type];
  const gate = await entity.findGate(deps.db, organizationId, input.entity_id);
  if (gate === null) throw new AppError("not_found", entity.notFoundMessage);
  await requireEntityAccess(deps.db, caller, organizationId, gate, deps.access);
  return entity;
}

const entityRefOf = (input: EntityInput) => ({ entityType: input.entity_type, entityId: input.entity_id });

async function presentAttachments(db: Queryable, storage: Storage, organizationId: string, rows: AttachmentRow[]): Promise<Attachment[]> {
  const contentRows = await selectContentItemRows(db, organizationId, [...new Set(rows.map((row) => row.contentId))]);
  const contentById = new Map(contentRows.map((row) => [row.id, row]));
  const presented = rows.map(async (row): Promise<Attachment | null> => {
    const file = contentById.get(row.contentId);
    // A file deleted between the two reads takes its links with it.
    if (!file) return null;
    return {
      id: row.id,
      entity_type: row.entityType as AttachmentEntityType,
      entity_id: row.entityId,
      content: await presentContentItem(file, storage),
      attached_by: row.attachedById ? { id: row.attachedById, name: row.attachedByName ?? "" } : null,
      attached_at: row.createdAt.toISOString(),
    };
  });
  return (await Promise.all(presented)).filter((attachment) => attachment !== null);
}

/** The files attached to the entity, oldest first. */
export async function listAttachments(deps: AttachmentDeps, organizationId: string, caller: Caller, input: EntityInput): Promise<AttachmentList> {
  await requireEntity(deps, organizationId, caller, input);
  const rows = await selectEntityAttachments(deps.db, organizationId, entityRefOf(input));
  return { attachments: await presentAttachments(deps.db, deps.storage, organizationId, rows) };
}

/** Select Existing: the current mission's root-level files not attached to the entity yet, newest first. */
export async function listAttachmentCandidates(
  deps: AttachmentDeps,
  organizationId: string,
  caller: Caller,
  input: EntityInput,
): Promise<AttachmentCandidates> {
  await requireEntity(deps, organizationId, caller, input);
  const missionId = await selectCurrentMissionId(deps.db, organizationId);
  const rows: ContentItemRow[] = missionId ? await selectAttachmentCandidates(deps.db, organizationId, missionId, entityRefOf(input)) : [];
  return { files: await Promise.all(rows.map((row) => presentContentItem(row, deps.storage))) };
}

/**
 * Attaches a library file of the organization to the entity. A folder is refused, and so is a
 * file attached to the entity already (the unique index decides when two requests race).
 */
export async function createAttachment(
  deps: AttachmentDeps,
  organizationId: string,
  caller: Caller,
  input: EntityInput & { content_id: string },
): Promise<Attachment> {
  await requireEntity(deps, organizationId, caller, input);
  const entity = entityRefOf(input);
  let row: AttachmentRow | undefined;
  try {
    row = await deps.db.transaction(async (tx) => {
      const kind = await selectContentKind(tx, organizationId, input.content_id);
      if (!kind) throw new AppError("not_found", FILE_NOT_FOUND);
      if (kind.isFolder) throw new AppError("bad_request", "Folders cannot be attached");
      const { id } = await insertAttachment(tx, organizationId, { ...entity, contentId: input.content_id, attachedBy: caller.userId });
      const inserted = await selectAttachment(tx, organizationId, id);
      await publishEvent(tx, organizationId, { type: "attachmentsChanged", organizationId, ...entity });
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", "This file is already attached");
    throw error;
  }
  const [attachment] = row ? await presentAttachments(deps.db, deps.storage, organizationId, [row]) : [];
  // Only a file deleted in the instant after the commit gets here.
  if (!attachment) throw new AppError("not_found", FILE_NOT_FOUND);
  return attachment;
}

/** Removes the link; the file stays in the library. The entity's rules apply as on the others. */
export async function deleteAttachment(deps: AttachmentDeps, organizationId: string, caller: Caller, attachmentId: string): Promise<{ removed: true }> {
  const row = await selectAttachment(deps.db, organizationId, attachmentId);
  const entity = row ? findAttachmentEntity(row.entityType) : null;
  const gate = row && entity ? await entity.findGate(deps.db, organizationId, row.entityId) : null;
  if (!row || gate === null) throw new AppError("not_found", ATTACHMENT_NOT_FOUND);
  await requireEntityAccess(deps.db, caller, organizationId, gate, deps.access);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteAttachmentRow(tx, organizationId, attachmentId))) throw new AppError("not_found", ATTACHMENT_NOT_FOUND);
    await publishEvent(tx, organizationId, { type: "attachmentsChanged", organizationId, entityType: row.entityType, entityId: row.entityId });
  });
  return { removed: true };
}
