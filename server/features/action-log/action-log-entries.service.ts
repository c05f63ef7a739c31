import type { ActionLogComment, ActionLogDetail, ActionLogEntry, CreateActionLogBody } from "#common/contracts/action-log";
import { canDeleteActionLog } from "#common/domain/access";
import { ACTION_LOG_DEFAULTS, isActionLogDone } from "#common/domain/action-log";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import {
  type CommentRow,
  deleteEntry,
  insertComment,
  insertEntry,
  insertHistory,
  selectComments,
  selectEntry,
  selectHistory,
  takeNextEntryNumber,
} from "./action-log.queries.ts";
import {
  type ActionLogDeps,
  activityOf,
  ENTRY_NOT_FOUND,
  requireAssignee,
  requirePhase,
  requireResolutionNote,
  requireEntryOpen,
  requireStatusMove,
  requireTypeOpen,
  textOrNull,
} from "./action-log-checks.ts";
import { presentEntries } from "./action-log-presenter.ts";

const personRefOf = (id: string | null, name: string | null) => (id ? { id, name: name ?? "" } : null);

function presentComment(row: CommentRow): ActionLogComment {
  return { id: row.id, author: personRefOf(row.authorId, row.authorName), body: row.body, created_at: row.createdAt.toISOString() };
}

/** The entry of the organization (404 otherwise, before any other rule), and the caller's facts with its page open to them. */
async function requireEntry(deps: ActionLogDeps, organizationId: string, caller: Caller, actionLogId: string) {
  const row = await selectEntry(deps.db, organizationId, actionLogId);
  if (!row) throw new AppError("not_found", ENTRY_NOT_FOUND);
  const facts = await loadAccessFacts(deps.db, caller, organizationId, deps.access);
  requireEntryOpen(facts, caller, row);
  return { row, facts };
}

/** The entry with its history and comments, oldest first. */
export async function getActionLog(deps: ActionLogDeps, organizationId: string, caller: Caller, actionLogId: string): Promise<ActionLogDetail> {
  const { row, facts } = await requireEntry(deps, organizationId, caller, actionLogId);
  const [[entry], history, comments] = await Promise.all([
    presentEntries(deps.db, [row], caller, facts),
    selectHistory(deps.db, organizationId, actionLogId),
    selectComments(deps.db, organizationId, actionLogId),
  ]);
  if (!entry) throw new AppError("not_found", ENTRY_NOT_FOUND);
  return {
    entry,
    history: history.map((item) => ({
      id: item.id,
      event: item.event === "created" ? "created" : "updated",
      actor: personRefOf(item.actorId, item.actorName),
      changes: item.changes,
      created_at: item.createdAt.toISOString(),
    })),
    comments: comments.map(presentComment),
  };
}

/**
 * Creates an entry with the defaults of spec §3 and the organization's next number. It may start
 * in any status the flow allows from Open; a resolved issue, risk or decision needs its note.
 */
export async function createActionLog(deps: ActionLogDeps, organizationId: string, caller: Caller, body: CreateActionLogBody): Promise<ActionLogEntry> {
  const type = body.action_log_type ?? ACTION_LOG_DEFAULTS.action_log_type;
  const facts = await loadAccessFacts(deps.db, caller, organizationId, deps.access);
  requireTypeOpen(facts, type);
  const status = body.status ?? ACTION_LOG_DEFAULTS.status;
  requireStatusMove(ACTION_LOG_DEFAULTS.status, status);
  const resolutionNotes = textOrNull(body.resolution_notes);
  requireResolutionNote(type, status, resolutionNotes);
  const assignedTo = body.assigned_to ?? null;
  const phase = body.action_log_phase ?? null;

  const row = await deps.db.transaction(async (tx) => {
    if (assignedTo) await requireAssignee(tx, organizationId, assignedTo);
    if (phase) await requirePhase(tx, phase);
    const number = await takeNextEntryNumber(tx, organizationId);
    const id = await insertEntry(tx, organizationId, number, {
      title: body.title,
      description: textOrNull(body.description),
      assignedTo,
      status,
      priority: body.priority ?? ACTION_LOG_DEFAULTS.priority,
      actionLogType: type,
      actionLogCategory: body.action_log_category ?? ACTION_LOG_DEFAULTS.action_log_category,
      impactLevel: body.impact_level ?? ACTION_LOG_DEFAULTS.impact_level,
      likelihood: body.likelihood ?? null,
      actionLogPhase: phase,
      platform: body.platform ?? ACTION_LOG_DEFAULTS.platform,
      resolutionNotes,
      dueDate: body.due_date ?? null,
      creator: caller.userId,
      resolvedAt: isActionLogDone(status) ? new Date() : null,
    });
    await insertHistory(tx, organizationId, { actionLogId: id, actor: caller.userId, event: "created", changes: [] });
    const created = await selectEntry(tx, organizationId, id);
    if (!created) throw new Error("the created entry was not found");
    if (assignedTo) await deps.notifier.entryAssigned(tx, activityOf(created, caller.userId));
    await publishEvent(tx, organizationId, { type: "actionLogsChanged", organizationId, actionLogId: id });
    return created;
  });
  await deps.notifier.afterCommit();
  const [entry] = await presentEntries(deps.db, [row], caller, facts);
  if (!entry) throw new Error("the created entry was not presented");
  return entry;
}

/** Deletes the entry, its history, comments and attachment links (the library's files stay): its creator or an employee. */
export async function deleteActionLog(deps: ActionLogDeps, organizationId: string, caller: Caller, actionLogId: string): Promise<{ deleted: true }> {
  const { row } = await requireEntry(deps, organizationId, caller, actionLogId);
  if (!canDeleteActionLog(caller, row.creator)) {
    throw new AppError("forbidden", "Only the person who created this entry or a provider employee can delete it");
  }
  await deps.db.transaction(async (tx) => {
    const { deleted, linksRemoved } = await deleteEntry(tx, organizationId, actionLogId);
    if (!deleted) throw new AppError("not_found", ENTRY_NOT_FOUND);
    if (linksRemoved > 0) {
      await publishEvent(tx, organizationId, { type: "attachmentsChanged", organizationId, entityType: "action_log", entityId: actionLogId });
    }
    await publishEvent(tx, organizationId, { type: "actionLogsChanged", organizationId, actionLogId });
  });
  return { deleted: true };
}

/** Adds a comment; the entry's creator and assignee hear of it. */
export async function addActionLogComment(
  deps: ActionLogDeps,
  organizationId: string,
  caller: Caller,
  actionLogId: string,
  body: string,
): Promise<ActionLogComment> {
  await requireEntry(deps, organizationId, caller, actionLogId);
  const comment = await deps.db.transaction(async (tx) => {
    // Locked, so that an entry deleted meanwhile is a 404 and not a broken reference.
    const current = await selectEntry(tx, organizationId, actionLogId, true);
    if (!current) throw new AppError("not_found", ENTRY_NOT_FOUND);
    const inserted = await insertComment(tx, organizationId, { actionLogId, author: caller.userId, body });
    await deps.notifier.commentAdded(tx, activityOf(current, caller.userId), body);
    await publishEvent(tx, organizationId, { type: "actionLogsChanged", organizationId, actionLogId });
    return inserted;
  });
  await deps.notifier.afterCommit();
  return presentComment(comment);
}
