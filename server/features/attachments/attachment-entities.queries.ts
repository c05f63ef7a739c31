import { and, eq } from "drizzle-orm";
import { ACTION_LOG_TYPE_ITEMS, type ActionLogType } from "#common/domain/action-log";
import type { AttachmentEntityType } from "#common/domain/content";
import type { AccessItemId } from "#common/domain/navigation-items";
import type { Queryable } from "#server/db/database";
import { actionLogs, milestones } from "#server/db/schema/index";

/**
 * What attachments need to know of each kind of entity: whether an id names one the organization
 * can attach to, and the navigation item whose rules decide who may see and change its
 * attachments. A kind added to ATTACHMENT_ENTITY_TYPES adds its entry here; the record's type
 * makes a missing one a type error.
 */
export interface AttachmentEntity {
  notFoundMessage: string;
  /** The item gating the entity `entityId` names; null when the organization has no such entity. */
  findItem: (db: Queryable, organizationId: string, entityId: string) => Promise<AccessItemId | null>;
}

/** Milestones are the provider's curriculum, shared by every organization; the Launch Plan gates them. */
async function selectMilestoneItem(db: Queryable, _organizationId: string, milestoneId: string): Promise<AccessItemId | null> {
  const [row] = await db.select({ id: milestones.id }).from(milestones).where(eq(milestones.id, milestoneId)).limit(1);
  return row ? "system-refinement" : null;
}

/** An entry is gated by its type's page (a risk by Risks). */
async function selectActionLogItem(db: Queryable, organizationId: string, actionLogId: string): Promise<AccessItemId | null> {
  const [row] = await db
    .select({ type: actionLogs.actionLogType })
    .from(actionLogs)
    .where(and(eq(actionLogs.organizationId, organizationId), eq(actionLogs.id, actionLogId)))
    .limit(1);
  return row ? ACTION_LOG_TYPE_ITEMS[row.type as ActionLogType] : null;
}

export const ATTACHMENT_ENTITIES: Record<AttachmentEntityType, AttachmentEntity> = {
  milestone: { notFoundMessage: "Milestone not found", findItem: selectMilestoneItem },
  action_log: { notFoundMessage: "Action log entry not found", findItem: selectActionLogItem },
};

/** The entry of a stored entity_type; null for a kind this build does not know. */
export function findAttachmentEntity(entityType: string): AttachmentEntity | null {
  return Object.hasOwn(ATTACHMENT_ENTITIES, entityType) ? ATTACHMENT_ENTITIES[entityType as AttachmentEntityType] : null;
}
