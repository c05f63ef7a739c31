import type { MailKind, MailMessage } from "./mailer.ts";
import { APP_NAME, escapeHtml } from "./messages.ts";

/** An action-log entry as a notification email shows it. */
export interface NotificationMailEntry {
  /** "TASK-3" */
  reference: string;
  title: string;
  organizationName: string;
  /** The entry in the portal, absolute. */
  url: string;
  /** YYYY-MM-DD, or null when the entry has no due date. */
  dueDate: string | null;
}

/** What every notification email ends with: why it came, the one-click unsubscribe, the profile. */
export interface NotificationMailFooter {
  /** The choices that sent it, as the profile names them ("An entry is assigned to me"). */
  reasons: string[];
  unsubscribeUrl: string;
  /** Where the person changes every choice (the portal's address). */
  portalUrl: string;
}

interface MailBody {
  paragraphs: string[];
  /** Shown after the paragraphs as an indented quote (a comment). */
  quote?: string;
  /** Lists of entries under a heading (the digest). */
  sections?: { heading: string; entries: NotificationMailEntry[] }[];
  button?: { url: string; label: string };
}

const BUTTON_STYLE = "background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none";

function describeEntryText(entry: NotificationMailEntry): string {
  const due = entry.dueDate ? ` — due ${entry.dueDate}` : "";
  return `${entry.reference} ${entry.title}${due} (${entry.organizationName})\n  ${entry.url}`;
}

function describeEntryHtml(entry: NotificationMailEntry): string {
  const due = entry.dueDate ? ` — due ${escapeHtml(entry.dueDate)}` : "";
  return `<li style="margin:0 0 8px"><a href="${escapeHtml(entry.url)}">${escapeHtml(entry.reference)}</a> ${escapeHtml(entry.title)}${due} <span style="color:#666">(${escapeHtml(entry.organizationName)})</span></li>`;
}

function describeReasons(reasons: string[]): string {
  const quoted = reasons.map((reason) => `"${reason}"`);
  return `${quoted.join(" and ")} ${quoted.length > 1 ? "are" : "is"} on in your email choices`;
}

function footerParagraphs(footer: NotificationMailFooter): string[] {
  return [
    `You get this email because ${describeReasons(footer.reasons)}.`,
    `Unsubscribe from these emails: ${footer.unsubscribeUrl}`,
    `To change all your choices, open Profile from the menu under your name in ${APP_NAME}: ${footer.portalUrl}`,
  ];
}

/**
 * Plain text and HTML of the same content, with the unsubscribe link in the body and in the
 * List-Unsubscribe headers (RFC 8058: mail clients show a one-click button that POSTs to it).
 */
function composeNotification(kind: MailKind, to: string, subject: string, body: MailBody, footer: NotificationMailFooter): MailMessage {
  const sectionsText = (body.sections ?? []).map((section) => `${section.heading}:\n${section.entries.map(describeEntryText).join("\n")}`);
  const text = [
    ...body.paragraphs,
    ...(body.quote ? [body.quote.replace(/^/gm, "> ")] : []),
    ...sectionsText,
    ...(body.button ? [`${body.button.label}: ${body.button.url}`] : []),
    ...footerParagraphs(footer),
    `— ${APP_NAME}`,
  ].join("\n\n");

  const paragraph = (content: string, style = "margin:0 0 16px") => `<p style="${style}">${content}</p>`;
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;color:#111;max-width:560px">`,
    ...body.paragraphs.map((p) => paragraph(escapeHtml(p))),
    body.quote ? `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #ccc;color:#333">${escapeHtml(body.quote)}</blockquote>` : "",
    ...(body.sections ?? []).map(
      (section) => `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(section.heading)}</h2><ul style="padding-left:20px;margin:0 0 16px">${section.entries.map(describeEntryHtml).join("")}</ul>`,
    ),
    body.button ? paragraph(`<a href="${escapeHtml(body.button.url)}" style="${BUTTON_STYLE}">${escapeHtml(body.button.label)}</a>`) : "",
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">`,
    paragraph(`You get this email because ${escapeHtml(describeReasons(footer.reasons))}. <a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe from these emails</a>.`, "margin:0 0 8px;color:#666;font-size:13px"),
    paragraph(`To change all your choices, open Profile from the menu under your name in <a href="${escapeHtml(footer.portalUrl)}">${APP_NAME}</a>.`, "margin:0;color:#666;font-size:13px"),
    `</body></html>`,
  ].join("");

  const headers = { "List-Unsubscribe": `<${footer.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  return { kind, to, subject, text, html, headers };
}

export function buildAssignedMessage(to: string, entry: NotificationMailEntry, actorName: string | null, footer: NotificationMailFooter): MailMessage {
  const by = actorName ? `${actorName} assigned` : "You were assigned";
  const lead = actorName ? `${by} ${entry.reference} to you in ${entry.organizationName}.` : `${by} ${entry.reference} in ${entry.organizationName}.`;
  const due = entry.dueDate ? [`It is due on ${entry.dueDate}.`] : [];
  return composeNotification(
    "notification-assigned",
    to,
    `${entry.reference} was assigned to you: ${entry.title}`,
    { paragraphs: [lead, entry.title, ...due], button: { url: entry.url, label: `Open ${entry.reference}` } },
    footer,
  );
}

export function buildCommentMessage(
  to: string,
  entry: NotificationMailEntry,
  actorName: string | null,
  comment: string,
  footer: NotificationMailFooter,
): MailMessage {
  return composeNotification(
    "notification-comment",
    to,
    `New comment on ${entry.reference}: ${entry.title}`,
    {
      paragraphs: [`${actorName ?? "Someone"} commented on ${entry.reference} (${entry.title}) in ${entry.organizationName}:`],
      quote: comment,
      button: { url: entry.url, label: `Open ${entry.reference}` },
    },
    footer,
  );
}

/** `summary` is the notification's own line ("Your help request HELP-4 is now Resolved"). */
export function buildHelpStatusMessage(to: string, entry: NotificationMailEntry, summary: string, footer: NotificationMailFooter): MailMessage {
  return composeNotification(
    "notification-help-status",
    to,
    summary,
    { paragraphs: [`${summary}.`, entry.title], button: { url: entry.url, label: `Open ${entry.reference}` } },
    footer,
  );
}

/** To an employee: a customer raised a help request, with who raised it and from which organization. */
export function buildHelpRequestMessage(to: string, entry: NotificationMailEntry, raisedBy: string | null, footer: NotificationMailFooter): MailMessage {
  const who = raisedBy ? `${raisedBy} of ${entry.organizationName}` : entry.organizationName;
  return composeNotification(
    "notification-help-request",
    to,
    `New help request ${entry.reference} from ${entry.organizationName}`,
    { paragraphs: [`${who} asked for help:`, entry.title], button: { url: entry.url, label: `Open ${entry.reference}` } },
    footer,
  );
}

/** The once-a-day email of a person's reminders: entries due tomorrow, then overdue ones. */
export function buildDigestMessage(
  to: string,
  reminders: { dueTomorrow: NotificationMailEntry[]; overdue: NotificationMailEntry[] },
  footer: NotificationMailFooter,
): MailMessage {
  const counts = [
    reminders.dueTomorrow.length > 0 ? `${reminders.dueTomorrow.length} due tomorrow` : "",
    reminders.overdue.length > 0 ? `${reminders.overdue.length} overdue` : "",
  ].filter(Boolean);
  const sections = [
    { heading: "Due tomorrow", entries: reminders.dueTomorrow },
    { heading: "Overdue", entries: reminders.overdue },
  ].filter((section) => section.entries.length > 0);
  return composeNotification(
    "notification-digest",
    to,
    `Your reminders: ${counts.join(", ")}`,
    { paragraphs: ["Here are the action log entries assigned to you that need attention."], sections },
    footer,
  );
}
