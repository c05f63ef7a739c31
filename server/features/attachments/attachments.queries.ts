import { and, asc, desc, eq, isNull, notExists, sql } from "drizzle-orm";
import { CONTENT_LIST_LIMIT } from "#common/domain/content";
import type { Queryable } from "#server/db/database";
import { content, entityAttachments, profiles, users } from "#server/db/schema/index";
import { type ContentItemRow, selectContentItemsQuery } from "#server/queries/content-items.queries";
import { personNameSql } from "#server/queries/person-name.queries";

/** Statements of entity attachments; every one is scoped to the organization. */

export interface EntityRef {
  entityType: string;
  entityId: string;
}

export interface AttachmentRow extends EntityRef {
  id: string;
  contentId: string;
  attachedById: string | null;
  attachedByName: string | null;
  createdAt: Date;
}

const attachmentColumns = {
  id: entityAttachments.id,
  entityType: entityAttachments.entityType,
  entityId: entityAttachments.entityId,
  contentId: entityAttachments.contentId,
  attachedById: entityAttachments.attachedBy,
  // Named as the library names its uploaders: profile's full name, else the account's name, else the email.
  attachedByName: personNameSql(),
  createdAt: entityAttachments.createdAt,
};

const ofEntity = (organizationId: string, entity: EntityRef) =>
  and(
    eq(entityAttachments.organizationId, organizationId),
    eq(entityAttachments.entityType, entity.entityType),
    eq(entityAttachments.entityId, entity.entityId),
  );

/** The entity's attachments, oldest first. */
export function selectEntityAttachments(db: Queryable, organizationId: string, entity: EntityRef): Promise<AttachmentRow[]> {
  return db
    .select(attachmentColumns)
    .from(entityAttachments)
    .leftJoin(users, eq(users.id, entityAttachments.attachedBy))
    .leftJoin(profiles, eq(profiles.id, entityAttachments.attachedBy))
    .where(ofEntity(organizationId, entity))
    .orderBy(asc(entityAttachments.createdAt), asc(entityAttachments.id));
}

/** One attachment of the organization, or undefined. */
export async function selectAttachment(db: Queryable, organizationId: string, attachmentId: string): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(attachmentColumns)
    .from(entityAttachments)
    .leftJoin(users, eq(users.id, entityAttachments.attachedBy))
    .leftJoin(profiles, eq(profiles.id, entityAttachments.attachedBy))
    .where(and(eq(entityAttachments.organizationId, organizationId), eq(entityAttachments.id, attachmentId)));
  return row;
}

/** Whether a library item of the organization is a folder; undefined when it has no such item. */
export async function selectContentKind(db: Queryable, organizationId: string, contentId: string): Promise<{ isFolder: boolean } | undefined> {
  const [row] = await db
    .select({ isFolder: content.isFolder })
    .from(content)
    .where(and(eq(content.organizationId, organizationId), eq(content.id, contentId)));
  return row;
}

/** Links the file to the entity; the unique index entity_attachments_once refuses a second link. */
export async function insertAttachment(
  db: Queryable,
  organizationId: string,
  values: EntityRef & { contentId: string; attachedBy: string },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(entityAttachments)
    .values({ organizationId, ...values })
    .returning({ id: entityAttachments.id });
  if (!row) throw new Error("the attachment insert returned no row");
  return row;
}

/** Removes the link only; the file stays in the library. Returns whether a row went. */
export async function deleteAttachmentRow(db: Queryable, organizationId: string, attachmentId: string): Promise<boolean> {
  const rows = await db
    .delete(entityAttachments)
    .where(and(eq(entityAttachments.organizationId, organizationId), eq(entityAttachments.id, attachmentId)))
    .returning({ id: entityAttachments.id });
  return rows.length > 0;
}

/**
 * Select Existing: the mission's root-level files (no folders) not yet attached to the entity,
 * newest first, at most one listing's worth.
 */
export function selectAttachmentCandidates(db: Queryable, organizationId: string, missionId: string, entity: EntityRef): Promise<ContentItemRow[]> {
  const attached = db
    .select({ one: sql`1` })
    .from(entityAttachments)
    .where(and(ofEntity(organizationId, entity), eq(entityAttachments.contentId, content.id)));
  return selectContentItemsQuery(db)
    .where(
      and(
        eq(content.organizationId, organizationId),
        eq(content.missionId, missionId),
        isNull(content.parentId),
        eq(content.isFolder, false),
        notExists(attached),
      ),
    )
    .orderBy(desc(content.createdAt), desc(content.id))
    .limit(CONTENT_LIST_LIMIT);
}
