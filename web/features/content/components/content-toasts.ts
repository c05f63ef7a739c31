import { AUTHENTICATION_REQUIRED_MESSAGE, AUTHENTICATION_REQUIRED_TITLE } from "#common/domain/content";
import { ApiError } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";

/** What failed, as spec §8 names it: the toast's title. */
export type ContentFailure =
  | "Failed to upload content"
  | "Failed to create folder"
  | "Failed to update content"
  | "Failed to move content"
  | "Failed to delete content"
  | "Failed to download content"
  | "Failed to start a new mission";

/** True when the session has ended: the call needs a fresh sign-in. */
export function isAuthenticationRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Spec §8: "Authentication required: Please log in to upload content, create a folder, or move content". */
export function showAuthenticationRequired(): void {
  lazyToast.error(AUTHENTICATION_REQUIRED_TITLE, { description: AUTHENTICATION_REQUIRED_MESSAGE });
}

/**
 * `failure` as the toast's title and `message` as its text, without the "Failed to …: " the
 * server's §8 texts start with (the title says it already).
 */
export function showFailureMessage(failure: ContentFailure, message: string | null): void {
  const prefix = `${failure}: `;
  const text = message?.startsWith(prefix) ? message.slice(prefix.length) : message;
  lazyToast.error(failure, text ? { description: text } : undefined);
}

/**
 * Spec §8: "Authentication required" when the session ended; otherwise the failure as the title
 * and the server's reason (a duplicate names the title and asks for another) as the text.
 */
export function showContentFailure(failure: ContentFailure, error: unknown): void {
  if (isAuthenticationRequired(error)) showAuthenticationRequired();
  else showFailureMessage(failure, error instanceof ApiError ? error.message : null);
}

export function showContentDone(title: string, description?: string): void {
  lazyToast.success(title, description ? { description } : undefined);
}
