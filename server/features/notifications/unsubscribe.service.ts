import { NOTIFICATION_KIND_LABELS } from "#common/domain/notifications";
import type { Database } from "#server/db/database";
import { selectUserExists, upsertEmailOff } from "./notifications.queries.ts";
import { INVALID_LINK_MESSAGE, renderInvalidLinkPage, renderUnsubscribeConfirmPage, renderUnsubscribedPage } from "./unsubscribe-pages.ts";
import { type UnsubscribePayload, readUnsubscribeToken } from "./unsubscribe-token.ts";

/** An HTML answer; `error` is set when the link is refused, for clients that want the error body. */
export interface UnsubscribePage {
  status: 200 | 400;
  html: string;
  error?: string;
}

const invalidLink: UnsubscribePage = { status: 400, html: renderInvalidLinkPage(), error: INVALID_LINK_MESSAGE };

async function readLink(db: Database, key: Buffer, token: string): Promise<UnsubscribePayload | null> {
  const payload = readUnsubscribeToken(key, token);
  // A deleted account's link is refused like a forged one.
  return payload && (await selectUserExists(db, payload.userId)) ? payload : null;
}

const labelsOf = (payload: UnsubscribePayload) => payload.kinds.map((kind) => NOTIFICATION_KIND_LABELS[kind]);

/** The page an email's link opens: it changes nothing and asks to confirm. */
export async function showUnsubscribePage(db: Database, key: Buffer, token: string): Promise<UnsubscribePage> {
  const payload = await readLink(db, key, token);
  return payload ? { status: 200, html: renderUnsubscribeConfirmPage(labelsOf(payload)) } : invalidLink;
}

/** Turns off the emails the link names; the same link again changes nothing more. */
export async function unsubscribeByLink(db: Database, key: Buffer, token: string): Promise<UnsubscribePage> {
  const payload = await readLink(db, key, token);
  if (!payload) return invalidLink;
  await upsertEmailOff(db, payload.userId, payload.kinds);
  return { status: 200, html: renderUnsubscribedPage(labelsOf(payload)) };
}
