import { ACTION_LOG_TYPES, type ActionLogType, formatActionLogReference } from "#common/domain/action-log";
import type { NotificationChoice, NotificationKind } from "#common/domain/notifications";
import type { PreferenceRow } from "./notifications.queries.ts";

const BOTH_ON: NotificationChoice = { inApp: true, email: true };

/** A person's choice for a kind; no row means `unset` (both on unless the kind says otherwise: defaultNotificationChoice). */
export function choiceOf(rows: readonly PreferenceRow[], userId: string, kind: NotificationKind, unset: NotificationChoice = BOTH_ON): NotificationChoice {
  const row = rows.find((candidate) => candidate.userId === userId && candidate.kind === kind);
  return row ? { inApp: row.inApp, email: row.email } : unset;
}

/**
 * The path the web opens an entry at: a help request's own page, which opens before the NDA too,
 * or the action log with the entry named in `entry`.
 */
export function entryLink(actionLogId: string, helpRequest = false): string {
  return helpRequest ? `/help-requests/${actionLogId}` : `/action-log?entry=${actionLogId}`;
}

/** "TASK-3"; an entry of a type this build does not know is shown by its number. */
export function referenceOf(type: string, number: number): string {
  return (ACTION_LOG_TYPES as readonly string[]).includes(type) ? formatActionLogReference(type as ActionLogType, number) : `#${number}`;
}

const EXCERPT_CHARACTERS = 200;

/** A comment's first 200 characters (whole code points), marked when cut. */
export function excerptOf(text: string): string {
  const characters = Array.from(text.trim());
  return characters.length > EXCERPT_CHARACTERS ? `${characters.slice(0, EXCERPT_CHARACTERS).join("")}…` : characters.join("");
}
