import type { ActionLogEntry, UpdateActionLogBody } from "#common/contracts/action-log";
import { type ActionLogStatus, type ActionLogType, isActionLogDone } from "#common/domain/action-log";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { type EntryChange, type EntryRow, type EntryValues, insertHistory, selectEntry, updateEntry } from "./action-log.queries.ts";
import {
  type ActionLogDeps,
  activityOf,
  ENTRY_NOT_FOUND,
  requireAssignee,
  requirePhase,
  requireResolutionNote,
  requireStatusMove,
  requireEntryOpen,
  textOrNull,
} from "./action-log-checks.ts";
import { loadEntryNames, presentEntries } from "./action-log-presenter.ts";

/** Each field a PATCH may send, and the row's property that stores it. */
const FIELD_PROPERTIES = {
  title: "title",
  description: "description",
  action_log_type: "actionLogType",
  status: "status",
  priority: "priority",
  assigned_to: "assignedTo",
  due_date: "dueDate",
  action_log_category: "actionLogCategory",
  impact_level: "impactLevel",
  likelihood: "likelihood",
  action_log_phase: "actionLogPhase",
  platform: "platform",
  resolution_notes: "resolutionNotes",
} as const satisfies Record<keyof UpdateActionLogBody, keyof EntryRow & keyof EntryValues>;

type Field = keyof typeof FIELD_PROPERTIES;

interface FieldChange {
  field: Field;
  from: string | null;
  to: string | null;
}

/** The fields whose sent value differs from the stored one (empty text counts as none). */
function readChanges(current: EntryRow, body: UpdateActionLogBody): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(FIELD_PROPERTIES) as Field[]) {
    const sent = body[field];
    if (sent === undefined) continue;
    const to = field === "description" || field === "resolution_notes" ? textOrNull(sent) : sent;
    const from = current[FIELD_PROPERTIES[field]] as string | null;
    if (to !== from) changes.push({ field, from, to });
  }
  return changes;
}

/**
 * The history's view of the changes: people by name and the phase by its title, so the history
 * reads the same after an assignee leaves or a milestone is renamed.
 */
async function describeChanges(tx: Transaction, organizationId: string, current: EntryRow, changes: FieldChange[]): Promise<EntryChange[]> {
  const names = await loadEntryNames(tx, [current]);
  const described: EntryChange[] = [];
  for (const change of changes) {
    if (change.field === "assigned_to") {
      const to = change.to ? (await requireAssignee(tx, organizationId, change.to)).name : null;
      described.push({ field: change.field, from: change.from ? (names.people.get(change.from)?.name ?? null) : null, to });
    } else if (change.field === "action_log_phase") {
      const to = change.to ? await requirePhase(tx, change.to) : null;
      described.push({ field: change.field, from: change.from ? (names.phases.get(change.from) ?? null) : null, to });
    } else {
      described.push({ field: change.field, from: change.from, to: change.to });
    }
  }
  return described;
}

/** When the entry was resolved: set on moving into Resolved or Closed, kept between them, cleared on reopening. */
function resolvedAtAfter(current: EntryRow, status: ActionLogStatus, now: Date): Date | null {
  const wasDone = isActionLogDone(current.status as ActionLogStatus);
  if (!isActionLogDone(status)) return null;
  return wasDone ? current.resolvedAt : now;
}

/**
 * Changes an entry. The status follows its flow (409 otherwise); the resulting state needs a
 * resolution note where its type asks for one; a change of type needs both types' pages. One
 * history row records the changes; a PATCH that changes nothing writes nothing.
 */
export async function updateActionLog(
  deps: ActionLogDeps,
  organizationId: string,
  caller: Caller,
  actionLogId: string,
  body: UpdateActionLogBody,
): Promise<ActionLogEntry> {
  const facts = await loadAccessFacts(deps.db, caller, organizationId, deps.access);
  let wrote = false;
  const row = await deps.db.transaction(async (tx) => {
    const current = await selectEntry(tx, organizationId, actionLogId, true);
    if (!current) throw new AppError("not_found", ENTRY_NOT_FOUND);
    const currentType = current.actionLogType as ActionLogType;
    requireEntryOpen(facts, caller, current);
    const changes = readChanges(current, body);
    if (changes.length === 0) return current;

    const changed = (field: Field) => changes.find((change) => change.field === field);
    const type = (changed("action_log_type")?.to ?? currentType) as ActionLogType;
    // The entry under its new type must be open to the caller too (a help request stays one).
    if (type !== currentType) requireEntryOpen(facts, caller, { ...current, actionLogType: type });
    const status = (changed("status")?.to ?? current.status) as ActionLogStatus;
    requireStatusMove(current.status as ActionLogStatus, status);
    const note = changed("resolution_notes") ? (changed("resolution_notes")?.to ?? null) : current.resolutionNotes;
    requireResolutionNote(type, status, note);

    const described = await describeChanges(tx, organizationId, current, changes);
    const now = new Date();
    const values: Partial<EntryValues> = Object.fromEntries(changes.map((change) => [FIELD_PROPERTIES[change.field], change.to]));
    await updateEntry(tx, organizationId, actionLogId, { ...values, updatedAt: now, resolvedAt: resolvedAtAfter(current, status, now) });
    await insertHistory(tx, organizationId, { actionLogId, actor: caller.userId, event: "updated", changes: described });
    const updated = await selectEntry(tx, organizationId, actionLogId);
    if (!updated) throw new Error("the updated entry was not found");
    const activity = activityOf(updated, caller.userId);
    if (changed("assigned_to")?.to) await deps.notifier.entryAssigned(tx, activity);
    if (changed("status") && updated.helpType !== null) await deps.notifier.helpStatusChanged(tx, activity, status);
    await publishEvent(tx, organizationId, { type: "actionLogsChanged", organizationId, actionLogId });
    wrote = true;
    return updated;
  });
  if (wrote) await deps.notifier.afterCommit();
  const [entry] = await presentEntries(deps.db, [row], caller, facts);
  if (!entry) throw new Error("the updated entry was not presented");
  return entry;
}
