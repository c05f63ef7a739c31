import { ACTION_LOG_TYPES, type ActionLogType, formatActionLogReference } from "#common/domain/action-log";
import type { NotificationKind } from "#common/domain/notifications";
import type { PreferenceRow } from "./notifications.queries.ts";

/** A person's choice for a kind; no row means both on. */
export function choiceOf(rows: readonly PreferenceRow[], userId: string, kind: NotificationKind): { inApp: boolean; email: boolean } {
  const row = rows.find((candidate) => candidate.userId === userId && candidate.kind === kind);
  return { inApp: row?.inApp ?? true, email: row?.email ?? true };
}

/** The path the web opens an entry at (the action log opens the entry named in `entry`). */
export function entryLink(actionLogId: string): string {
  return `/action-log?entry=${actionLogId}`;
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
