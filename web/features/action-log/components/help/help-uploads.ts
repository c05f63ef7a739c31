import { CONTENT_TITLE_MAX, titleFromFileName } from "#common/domain/content";
import { uploadToLibrary } from "#web/components/attachments/attachments-api.ts";
import { ApiError } from "#web/lib/api-client.ts";
import type { CaptureKind } from "#web/lib/capture/capture-support.ts";

/** The most files one help request takes (the contract's attachment_ids limit). */
export const HELP_ATTACHMENTS_MAX = 20;

/** A file chosen or captured in the dialog; nothing is uploaded before Submit. */
export interface PendingAttachment {
  key: string;
  file: File;
  kind: "file" | CaptureKind;
}

/** Titles tried for one file: its own, then "title (2)" … "title (5)". */
const TITLE_ATTEMPTS = 5;

function titleFor(file: File, attempt: number): string {
  const base = titleFromFileName(file.name) || "Attachment";
  if (attempt === 1) return base.slice(0, CONTENT_TITLE_MAX);
  const suffix = ` (${attempt})`;
  return `${base.slice(0, CONTENT_TITLE_MAX - suffix.length)}${suffix}`;
}

/**
 * Uploads a file to the top of the library, titled by its name without the extension, and returns
 * its id. The library refuses a title it already holds there (the same log file sent with an
 * earlier request), so a taken title is tried again with a number, as a person would.
 */
export async function uploadHelpAttachment(file: File): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await uploadToLibrary({ file, title: titleFor(file, attempt) })).id;
    } catch (error) {
      const taken = error instanceof ApiError && error.code === "conflict";
      if (!taken || attempt >= TITLE_ATTEMPTS) throw error;
    }
  }
}

/** The page the user is on (path and query) and their browser, as the entry records them (500 characters each at most). */
export function describeSource(location: { pathname: string; search: string }): { source_page: string; source_browser?: string } {
  const browser = typeof navigator === "undefined" ? "" : navigator.userAgent.trim().slice(0, 500);
  return { source_page: `${location.pathname}${location.search}`.slice(0, 500), source_browser: browser || undefined };
}
