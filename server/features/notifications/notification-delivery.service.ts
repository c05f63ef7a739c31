import { unsubscribePageRoute } from "#common/contracts/notifications";
import { DIGEST_NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type NotificationKind } from "#common/domain/notifications";
import type { MailMessage } from "#server/mail/mailer";
import {
  type NotificationMailEntry,
  type NotificationMailFooter,
  buildAssignedMessage,
  buildCommentMessage,
  buildDigestMessage,
  buildHelpRequestMessage,
  buildHelpStatusMessage,
} from "#server/mail/notification-messages";
import { referenceOf } from "./notification-content.ts";
import type { NotificationDeps } from "./notification-deps.ts";
import {
  type NotificationMailRow,
  claimDigestEmails,
  claimImmediateEmailsById,
  claimLeftoverImmediateEmails,
  selectNotificationMails,
} from "./notification-delivery.queries.ts";
import { signUnsubscribeToken } from "./unsubscribe-token.ts";

/** How long an immediate email is left to its own request before the sweep sends it. */
const LEFTOVER_GRACE_SECONDS = 60;
const LEFTOVER_BATCH = 200;

/** The one-click link that turns these kinds' emails off for the person (it needs no sign-in). */
export function buildUnsubscribeUrl(deps: NotificationDeps, userId: string, kinds: NotificationKind[]): string {
  const token = signUnsubscribeToken(deps.unsubscribeKey, { userId, kinds });
  return `${deps.publicUrl}${unsubscribePageRoute.path}?token=${token}`;
}

function footerFor(deps: NotificationDeps, userId: string, kinds: NotificationKind[]): NotificationMailFooter {
  return {
    reasons: kinds.map((kind) => NOTIFICATION_KIND_LABELS[kind]),
    unsubscribeUrl: buildUnsubscribeUrl(deps, userId, kinds),
    portalUrl: deps.publicUrl,
  };
}

function mailEntryOf(deps: NotificationDeps, row: NotificationMailRow): NotificationMailEntry {
  return {
    reference: row.entryNumber === null ? "" : referenceOf(row.entryType ?? "", row.entryNumber),
    title: row.entryTitle ?? row.body,
    organizationName: row.organizationName,
    url: `${deps.publicUrl}${row.link}`,
    dueDate: row.dueDate,
  };
}

function buildImmediateMessage(deps: NotificationDeps, row: NotificationMailRow): MailMessage | null {
  const entry = mailEntryOf(deps, row);
  const kind = row.kind as NotificationKind;
  const footer = footerFor(deps, row.userId, [kind]);
  switch (kind) {
    case "assigned":
      return buildAssignedMessage(row.to, entry, row.actorName, footer);
    case "comment":
      return buildCommentMessage(row.to, entry, row.actorName, row.body, footer);
    case "help_status":
      return buildHelpStatusMessage(row.to, entry, row.title, footer);
    case "help_request":
      return buildHelpRequestMessage(row.to, entry, row.actorName, footer);
    default:
      return null;
  }
}

/** Sends one message; a failure is logged and not retried (the notification stays claimed). */
async function sendOrLog(deps: NotificationDeps, message: MailMessage, notificationIds: string[]): Promise<boolean> {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (error) {
    deps.logger.error({ err: error, mail: { kind: message.kind, notificationIds } }, "notifications: an email could not be sent; it will not be retried");
    return false;
  }
}

/** Whether the email may still go: the person's choice is on and they still belong to the organization. */
const mayEmail = (row: NotificationMailRow) => row.emailOn && row.belongs;

async function deliverImmediateEmails(deps: NotificationDeps, claimedIds: string[]): Promise<number> {
  let sent = 0;
  for (const row of await selectNotificationMails(deps.db, claimedIds)) {
    const message = mayEmail(row) ? buildImmediateMessage(deps, row) : null;
    if (message && (await sendOrLog(deps, message, [row.id]))) sent += 1;
  }
  return sent;
}

/**
 * Sends the emails of these notifications that are due at once and not sent yet. Answers the ids
 * it took (sent, skipped by the person's choice, or failed); the others were sent already or are
 * not committed.
 */
export async function sendImmediateEmails(deps: NotificationDeps, notificationIds: readonly string[]): Promise<string[]> {
  const claimed = await claimImmediateEmailsById(deps.db, notificationIds);
  await deliverImmediateEmails(deps, claimed);
  return claimed;
}

/** The sweep: immediate emails that their request did not send (it stopped first), in batches. */
export async function sendLeftoverImmediateEmails(deps: NotificationDeps, organizationIds?: readonly string[]): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimLeftoverImmediateEmails(deps.db, LEFTOVER_GRACE_SECONDS, LEFTOVER_BATCH, organizationIds);
    if (claimed.length === 0) return sent;
    sent += await deliverImmediateEmails(deps, claimed);
  }
}

/**
 * One email per person with their reminders of `date` not mailed yet (whichever organization
 * wrote them); what a run interrupted by a crash already sent is not sent again.
 */
export async function sendDigestEmails(deps: NotificationDeps, userIds: readonly string[], date: string): Promise<number> {
  let sent = 0;
  for (const userId of userIds) {
    const rows = (await selectNotificationMails(deps.db, await claimDigestEmails(deps.db, userId, date))).filter(mayEmail);
    const first = rows[0];
    if (!first) continue;
    const entriesOf = (kind: NotificationKind) => rows.filter((row) => row.kind === kind).map((row) => mailEntryOf(deps, row));
    const kinds = DIGEST_NOTIFICATION_KINDS.filter((kind) => rows.some((row) => row.kind === kind));
    const message = buildDigestMessage(first.to, { dueTomorrow: entriesOf("due_tomorrow"), overdue: entriesOf("overdue") }, footerFor(deps, userId, kinds));
    if (await sendOrLog(deps, message, rows.map((row) => row.id))) sent += 1;
  }
  return sent;
}
