import { eq } from "drizzle-orm";
import type { AttachmentEntityType } from "#common/domain/content";
import type { AccessItemId } from "#common/domain/navigation-items";
import type { Queryable } from "#server/db/database";
import { milestones } from "#server/db/schema/index";

/**
 * What attachments need to know of each kind of entity: the navigation item whose rules decide
 * who may see and change its attachments, and whether an id names one. A kind added to
 * ATTACHMENT_ENTITY_TYPES adds its entry here; the record's type makes a missing one a type error.
 */
export interface AttachmentEntity {
  item: AccessItemId;
  notFoundMessage: string;
  /** Whether `entityId` names an entity the organization can attach to. */
  exists: (db: Queryable, organizationId: string, entityId: string) => Promise<boolean>;
}

/** Milestones are the provider's curriculum, shared by every organization. */
async function selectMilestoneExists(db: Queryable, _organizationId: string, milestoneId: string): Promise<boolean> {
  const [row] = await db.select({ id: milestones.id }).from(milestones).where(eq(milestones.id, milestoneId)).limit(1);
  return row !== undefined;
}

export const ATTACHMENT_ENTITIES: Record<AttachmentEntityType, AttachmentEntity> = {
  milestone: { item: "system-refinement", notFoundMessage: "Milestone not found", exists: selectMilestoneExists },
};

/** The entry of a stored entity_type; null for a kind this build does not know. */
export function findAttachmentEntity(entityType: string): AttachmentEntity | null {
  return Object.hasOwn(ATTACHMENT_ENTITIES, entityType) ? ATTACHMENT_ENTITIES[entityType as AttachmentEntityType] : null;
}
