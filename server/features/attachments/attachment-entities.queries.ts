import { and, eq } from "drizzle-orm";
import type { EntityGate } from "#common/domain/access";
import { type ActionLogType, actionLogEntryGate } from "#common/domain/action-log";
import type { AttachmentEntityType } from "#common/domain/content";
import type { Queryable } from "#server/db/database";
import { actionLogs, milestones } from "#server/db/schema/index";

/**
 * What attachments need to know of each kind of entity: whether an id names one the organization
 * can attach to, and what gates it (checkEntityAccess): the navigation item whose rules decide who
 * may see and change its attachments, and for a help request who raised it. A kind added to ATTACHMENT_ENTITY_TYPES adds its entry here; the record's type
 * makes a missing one a type error.
 */
export interface AttachmentEntity {
  notFoundMessage: string;
  /** What gates the entity `entityId` names; null when the organization has no such entity. */
  findGate: (db: Queryable, organizationId: string, entityId: string) => Promise<EntityGate | null>;
}

/** Milestones are the provider's curriculum, shared by every organization; the Launch Plan gates them. */
async function selectMilestoneGate(db: Queryable, _organizationId: string, milestoneId: string): Promise<EntityGate | null> {
  const [row] = await db.select({ id: milestones.id }).from(milestones).where(eq(milestones.id, milestoneId)).limit(1);
  return row ? { itemId: "system-refinement" } : null;
}

/** An entry is gated by its type's page (a risk by Risks); a help request is open to those it concerns before the NDA too. */
async function selectActionLogGate(db: Queryable, organizationId: string, actionLogId: string): Promise<EntityGate | null> {
  const [row] = await db
    .select({ type: actionLogs.actionLogType, helpType: actionLogs.helpType, creatorId: actionLogs.creator })
    .from(actionLogs)
    .where(and(eq(actionLogs.organizationId, organizationId), eq(actionLogs.id, actionLogId)))
    .limit(1);
  return row ? actionLogEntryGate({ type: row.type as ActionLogType, helpType: row.helpType, creatorId: row.creatorId }) : null;
}

export const ATTACHMENT_ENTITIES: Record<AttachmentEntityType, AttachmentEntity> = {
  milestone: { notFoundMessage: "Milestone not found", findGate: selectMilestoneGate },
  action_log: { notFoundMessage: "Action log entry not found", findGate: selectActionLogGate },
};

/** The entry of a stored entity_type; null for a kind this build does not know. */
export function findAttachmentEntity(entityType: string): AttachmentEntity | null {
  return Object.hasOwn(ATTACHMENT_ENTITIES, entityType) ? ATTACHMENT_ENTITIES[entityType as AttachmentEntityType] : null;
}
