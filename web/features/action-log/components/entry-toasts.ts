import type { ACTION_LOG_MESSAGES } from "#common/domain/action-log";
import { messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";

/** What failed: spec §8's action log texts, and the writes it does not name. */
export type ActionLogFailure =
  | (typeof ACTION_LOG_MESSAGES)[keyof typeof ACTION_LOG_MESSAGES]
  | "Failed to add comment"
  | "Failed to update type definition";

/** `failure` as the toast's title, the server's reason as its text. */
export function toastActionLogFailure(failure: ActionLogFailure, error: unknown): void {
  lazyToast.error(failure, { description: messageOf(error, "Please try again.") });
}

export function toastActionLogDone(title: string, description?: string): void {
  lazyToast.success(title, description ? { description } : undefined);
}
