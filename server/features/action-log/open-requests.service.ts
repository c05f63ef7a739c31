import { type ActionLogStatus, canMoveStatus, formatActionLogReference, isActionLogDone } from "#common/domain/action-log";
import type { Transaction } from "#server/db/database";
import { publishEvent } from "#server/realtime/publish-event";
import { insertEntry, insertHistory, selectEntry, takeNextEntryNumber, updateEntry } from "./action-log.queries.ts";

/**
 * Open Requests raised and settled by another feature inside its own transaction (an extension
 * request today). `app.ts` hands these to that feature: features never import each other.
 */

const OPEN_REQUEST = "Open Request";

export interface RaisedOpenRequest {
  id: string;
  /** "REQ-7" */
  reference: string;
}

/** Raises an Open Request for the provider, as `creatorId` would from the Requests page. */
export async function raiseOpenRequest(
  tx: Transaction,
  organizationId: string,
  creatorId: string,
  request: { title: string; description: string | null },
): Promise<RaisedOpenRequest> {
  const number = await takeNextEntryNumber(tx, organizationId);
  const id = await insertEntry(tx, organizationId, number, {
    title: request.title,
    description: request.description,
    actionLogType: OPEN_REQUEST,
    creator: creatorId,
  });
  await insertHistory(tx, organizationId, { actionLogId: id, actor: creatorId, event: "created", changes: [] });
  await publishEvent(tx, organizationId, { type: "actionLogsChanged", organizationId, actionLogId: id });
  return { id, reference: formatActionLogReference(OPEN_REQUEST, number) };
}

/**
 * Closes the request with a note saying how it was settled (approved, declined, withdrawn); one
 * already resolved, closed or deleted is left as it is.
 */
export async function settleOpenRequest(
  tx: Transaction,
  organizationId: string,
  actionLogId: string,
  actorId: string,
  settlement: { status: Extract<ActionLogStatus, "Resolved" | "Closed">; note: string },
): Promise<void> {
  const entry = await selectEntry(tx, organizationId, actionLogId, true);
  const current = entry?.status as ActionLogStatus | undefined;
  if (!entry || !current || isActionLogDone(current)) return;
  // A blocked request cannot be resolved by its flow: it is closed instead.
  const status = canMoveStatus(current, settlement.status) ? settlement.status : "Closed";
  await updateEntry(tx, organizationId, actionLogId, {
    status,
    resolutionNotes: settlement.note,
    resolvedAt: new Date(),
    updatedAt: new Date(),
  });
  await insertHistory(tx, organizationId, {
    actionLogId,
    actor: actorId,
    event: "updated",
    changes: [
      { field: "status", from: entry.status, to: status },
      { field: "resolution_notes", from: entry.resolutionNotes, to: settlement.note },
    ],
  });
  await publishEvent(tx, organizationId, { type: "actionLogsChanged", organizationId, actionLogId });
}
