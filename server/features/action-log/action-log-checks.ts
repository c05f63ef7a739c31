import { z } from "zod";
import { type AccessFacts, checkEntityAccess, checkItemAccess, type EntityViewer } from "#common/domain/access";
import {
  ACTION_LOG_TYPE_ITEMS,
  ACTION_LOG_TYPES,
  actionLogEntryGate,
  type ActionLogStatus,
  type ActionLogType,
  formatActionLogReference,
  resolutionNoteError,
  statusMoveError,
} from "#common/domain/action-log";
import type { Database, Queryable } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { ActionLogActivity, ActivityNotifier } from "#server/lib/activity-notifier";
import { AppError } from "#server/lib/app-error";
import { type EntryRow, type PersonRow, selectAssignablePerson, selectMilestoneTitles } from "./action-log.queries.ts";

/** The rules every write of an entry checks, and the gate every entry passes. */

export interface ActionLogDeps {
  db: Database;
  access: AccessSettings;
  /** Told of assignments, comments and help-request status changes inside the writing transaction. */
  notifier: ActivityNotifier;
}

export const ENTRY_NOT_FOUND = "Action log entry not found";
export const ASSIGNEE_MESSAGE = "Assignee must be a member of the organization or a provider employee";
export const PHASE_MESSAGE = "Phase must be a milestone of the launch plan";

const entryIdSchema = z.uuid();

/** An id that cannot name an entry is answered like an unknown one: 404, never a database error. */
export function parseEntryId(value: string | undefined): string {
  const parsed = entryIdSchema.safeParse(value);
  if (!parsed.success) throw new AppError("not_found", ENTRY_NOT_FOUND);
  return parsed.data;
}

export function isTypeOpen(facts: AccessFacts, type: ActionLogType): boolean {
  return checkItemAccess(ACTION_LOG_TYPE_ITEMS[type], facts).allowed;
}

/** Refuses (403, the rule's reason) unless the type's page is open to the caller: a risk is the business of Risks. */
export function requireTypeOpen(facts: AccessFacts, type: ActionLogType): void {
  const decision = checkItemAccess(ACTION_LOG_TYPE_ITEMS[type], facts);
  if (!decision.allowed) throw new AppError("forbidden", decision.reason);
}

/** Whether the entry is open to the viewer: its type's page, or, for a help request, whether it concerns them (checkEntityAccess). */
export function isEntryOpen(facts: AccessFacts, viewer: EntityViewer, row: EntryRow): boolean {
  return checkEntityAccess(entryGateOf(row), viewer, facts).allowed;
}

/** Refuses (403, the rule's reason) unless the entry is open to the viewer. */
export function requireEntryOpen(facts: AccessFacts, viewer: EntityViewer, row: EntryRow): void {
  const decision = checkEntityAccess(entryGateOf(row), viewer, facts);
  if (!decision.allowed) throw new AppError("forbidden", decision.reason);
}

function entryGateOf(row: EntryRow) {
  return actionLogEntryGate({ type: row.actionLogType as ActionLogType, helpType: row.helpType, creatorId: row.creator });
}

/** The types whose page is open to the caller; none open is refused with the first type's reason (the NDA's, before it is signed). */
export function requireOpenTypes(facts: AccessFacts): ActionLogType[] {
  const open = ACTION_LOG_TYPES.filter((type) => isTypeOpen(facts, type));
  if (open.length === 0) requireTypeOpen(facts, ACTION_LOG_TYPES[0]);
  return open;
}

/** A status change the flow does not allow is refused (409: it depends on the entry's state). */
export function requireStatusMove(from: ActionLogStatus, to: ActionLogStatus): void {
  const problem = statusMoveError(from, to);
  if (problem) throw new AppError("conflict", problem, [{ path: "status", message: problem }]);
}

/** Resolving an issue or a risk, or recording a decision, needs a note (stored already or sent now). */
export function requireResolutionNote(type: ActionLogType, status: ActionLogStatus, note: string | null): void {
  const problem = resolutionNoteError(type, status, note);
  if (problem) throw new AppError("validation_failed", problem, [{ path: "resolution_notes", message: problem }]);
}

export async function requireAssignee(db: Queryable, organizationId: string, userId: string): Promise<PersonRow> {
  const person = await selectAssignablePerson(db, organizationId, userId);
  if (!person) throw new AppError("validation_failed", ASSIGNEE_MESSAGE, [{ path: "assigned_to", message: ASSIGNEE_MESSAGE }]);
  return person;
}

/** The phase's title; the phase must be a milestone of the curriculum. */
export async function requirePhase(db: Queryable, milestoneId: string): Promise<string> {
  const [milestone] = await selectMilestoneTitles(db, [milestoneId]);
  if (!milestone) throw new AppError("validation_failed", PHASE_MESSAGE, [{ path: "action_log_phase", message: PHASE_MESSAGE }]);
  return milestone.title;
}

/** Empty text is no text: a cleared description or note is stored as null. */
export function textOrNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === "" ? null : value;
}

/** What the notifier is told of a change to the entry. */
export function activityOf(row: EntryRow, actorId: string): ActionLogActivity {
  return {
    organizationId: row.organizationId,
    actionLogId: row.id,
    reference: formatActionLogReference(row.actionLogType as ActionLogType, row.number),
    title: row.title,
    actorId,
    creatorId: row.creator,
    assigneeId: row.assignedTo,
    helpRequest: row.helpType !== null,
  };
}
