import type { Attachment } from "#common/contracts/attachments";
import type { ActionLogComment, ActionLogDetail, ActionLogEntry } from "#common/contracts/action-log";
import type { ErrorCode } from "#common/errors";
import { errorStatus } from "#common/errors";
import type { FakeReply } from "#web/lib/testing/fake-api.ts";
import { PEOPLE } from "#web/features/action-log/action-log-test-kit.tsx";

/** Test-only: an entry's details (history, comments, attachments) as the API answers them. */

export const ATTACHMENTS_API = "GET /api/attachments";

type HistoryItem = ActionLogDetail["history"][number];

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-4444-4444-8444-${String((sequence += 1)).padStart(12, "0")}`;

export function historyOf(entry: ActionLogEntry, changes: HistoryItem["changes"], overrides: Partial<HistoryItem> = {}): HistoryItem {
  return { id: nextId("aaaaaaaa"), event: "updated", actor: PEOPLE.ben, changes, created_at: "2030-01-11T09:00:00.000Z", ...overrides };
}

export function createdOf(entry: ActionLogEntry): HistoryItem {
  return { id: nextId("aaaaaaaa"), event: "created", actor: entry.creator, changes: [], created_at: entry.created_at };
}

export function commentOf(body: string, overrides: Partial<ActionLogComment> = {}): ActionLogComment {
  return { id: nextId("bbbbbbbb"), author: PEOPLE.ana, body, created_at: "2030-01-12T09:00:00.000Z", ...overrides };
}

/** The entry's detail answer: by default its creation only, and no comments. */
export function detailOf(entry: ActionLogEntry, parts: Partial<Pick<ActionLogDetail, "history" | "comments">> = {}): ActionLogDetail {
  return { entry, history: parts.history ?? [createdOf(entry)], comments: parts.comments ?? [] };
}

/** A library file attached to the entry. */
export function attachmentTo(entry: ActionLogEntry, title: string): Attachment {
  return {
    id: nextId("cccccccc"),
    entity_type: "action_log",
    entity_id: entry.id,
    content: {
      id: nextId("dddddddd"),
      title,
      mission_id: "eeeeeeee-4444-4444-8444-000000000001",
      parent_id: null,
      is_folder: false,
      description: null,
      file_name: `${title.toLowerCase().replaceAll(" ", "-")}.pdf`,
      file_size: 2048,
      content_type: "application/pdf",
      uploaded_by: PEOPLE.ana,
      created_at: "2030-01-10T09:00:00.000Z",
      updated_at: "2030-01-10T09:00:00.000Z",
      child_count: null,
      thumbnail_url: null,
      location: null,
    },
    attached_by: PEOPLE.ana,
    attached_at: "2030-01-10T10:00:00.000Z",
  };
}

/** The portal's error answer: the code's status and the message the user is shown. */
export function refusal(code: ErrorCode, message: string, details?: unknown): FakeReply {
  return { status: errorStatus[code], body: { error: details === undefined ? { code, message } : { code, message, details } } };
}
