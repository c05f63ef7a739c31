import type { Logger } from "pino";
import type { CreateHelpRequestBody, HelpInbox } from "#common/contracts/action-log";
import { actionLogTypeForHelp, HELP_FIXED_VALUES, HELP_SAVED_MESSAGES } from "#common/domain/action-log";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { publishEvent } from "#server/realtime/publish-event";
import { insertEntry, insertHistory, selectEntry, takeNextEntryNumber } from "./action-log.queries.ts";
import { type ActionLogDeps, activityOf, isEntryOpen, textOrNull } from "./action-log-checks.ts";
import { loadEntryNames, presentActionLogEntry, presentEntries } from "./action-log-presenter.ts";
import { insertEntryAttachment, selectInboxRows, selectIsOrganizationFile } from "./help-requests.queries.ts";

/** The inbox shows at most this many items, oldest first. */
export const HELP_INBOX_LIMIT = 200;

/** Why the file could not be linked to the entry, or null once it is: in a savepoint, so a failure leaves the other links standing. */
async function linkAttachment(tx: Transaction, organizationId: string, caller: Caller, actionLogId: string, contentId: string): Promise<string | null> {
  try {
    return await tx.transaction(async (savepoint) => {
      if (!(await selectIsOrganizationFile(savepoint, organizationId, contentId))) return "not a file of the organization's library";
      return (await insertEntryAttachment(savepoint, organizationId, { actionLogId, contentId, attachedBy: caller.userId })) ? null : "attached already";
    });
  } catch (error) {
    return error instanceof Error ? error.message : "the link failed";
  }
}

/** Links the files to the new entry; an id that cannot be linked is logged and returned, the entry stands. */
async function linkAttachments(
  deps: ActionLogDeps,
  organizationId: string,
  caller: Caller,
  actionLogId: string,
  contentIds: readonly string[],
  logger: Logger,
): Promise<string[]> {
  const failed: string[] = [];
  await deps.db.transaction(async (tx) => {
    for (const contentId of contentIds) {
      const problem = await linkAttachment(tx, organizationId, caller, actionLogId, contentId);
      if (problem === null) continue;
      failed.push(contentId);
      logger.warn({ actionLogId, contentId, problem }, "help request attachment not linked");
    }
    if (failed.length < contentIds.length) {
      await publishEvent(tx, organizationId, { type: "attachmentsChanged", organizationId, entityType: "action_log", entityId: actionLogId });
    }
  });
  return failed;
}

/**
 * Get Expert Help: an entry of the help type's kind with the fixed values of spec §9, the page and
 * browser it was raised from, then one attachment link per file. Open to anyone acting for the
 * organization, before the NDA too: asking for help is never locked.
 */
export async function createHelpRequest(deps: ActionLogDeps, organizationId: string, caller: Caller, body: CreateHelpRequestBody, logger: Logger) {
  const type = actionLogTypeForHelp(body.help_type);
  const row = await deps.db.transaction(async (tx) => {
    const number = await takeNextEntryNumber(tx, organizationId);
    const id = await insertEntry(tx, organizationId, number, {
      title: body.title,
      description: textOrNull(body.description),
      actionLogType: type,
      status: HELP_FIXED_VALUES.status,
      priority: HELP_FIXED_VALUES.priority,
      actionLogCategory: HELP_FIXED_VALUES.action_log_category,
      impactLevel: HELP_FIXED_VALUES.impact_level,
      platform: HELP_FIXED_VALUES.platform,
      helpType: body.help_type,
      sourcePage: textOrNull(body.source_page),
      sourceBrowser: textOrNull(body.source_browser),
      creator: caller.userId,
    });
    await insertHistory(tx, organizationId, { actionLogId: id, actor: caller.userId, event: "created", changes: [] });
    const created = await selectEntry(tx, organizationId, id);
    if (!created) throw new Error("the created help request was not found");
    await publishEvent(tx, organizationId, { type: "actionLogsChanged", organizationId, actionLogId: id });
    await deps.notifier.helpRequestRaised(tx, activityOf(created, caller.userId));
    return created;
  });
  await deps.notifier.afterCommit();
  const contentIds = [...new Set(body.attachment_ids ?? [])];
  const failed = contentIds.length > 0 ? await linkAttachments(deps, organizationId, caller, row.id, contentIds, logger) : [];
  const facts = await loadAccessFacts(deps.db, caller, organizationId, deps.access);
  const [entry] = await presentEntries(deps.db, [row], caller, facts);
  if (!entry) throw new Error("the help request was not presented");
  return { entry, message: HELP_SAVED_MESSAGES[body.help_type], failed_attachment_ids: failed };
}

/**
 * The employees' inbox across organizations: open help requests and overdue entries assigned to
 * the provider, oldest first. What the employee may do with each is decided as if they acted for
 * its organization.
 */
export async function getHelpInbox(deps: ActionLogDeps, caller: Caller): Promise<HelpInbox> {
  const rows = await selectInboxRows(deps.db, HELP_INBOX_LIMIT);
  const organizationIds = [...new Set(rows.map((row) => row.organizationId))];
  const [names, factsList] = await Promise.all([
    loadEntryNames(deps.db, rows),
    Promise.all(organizationIds.map((organizationId) => loadAccessFacts(deps.db, caller, organizationId, deps.access))),
  ]);
  const factsOf = new Map(organizationIds.map((organizationId, index) => [organizationId, factsList[index]]));
  return {
    items: rows.map((row) => {
      const facts = factsOf.get(row.organizationId);
      const entry = presentActionLogEntry(row, { names, caller, canEdit: (entryRow) => (facts ? isEntryOpen(facts, caller, entryRow) : false) });
      return { organization: { id: row.organizationId, name: row.organizationName }, entry, reason: row.reason };
    }),
  };
}
