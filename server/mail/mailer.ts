import type { Logger } from "pino";
import type { Database } from "#server/db/database";
import { createOutboxMailer } from "./outbox-mailer.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

export type MailKind =
  | "one-time-code"
  | "invitation"
  | "password-changed"
  | "notification-assigned"
  | "notification-comment"
  | "notification-help-status"
  | "notification-help-request"
  | "notification-digest";

export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe on notification emails. */
  headers?: Record<string, string>;
}

/** Sends the portal's email. A failure rejects; callers decide whether it is fatal. */
export interface Mailer {
  readonly driver: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
}

/** SMTP when a server is configured, otherwise the outbox (stored and logged; the embedded demo needs no mail server). */
export function createMailer(settings: MailSettings, db: Database, logger: Logger): Mailer {
  return settings.smtpUrl
    ? createSmtpMailer(settings.smtpUrl, settings.from, logger)
    : createOutboxMailer(db, settings.from, logger);
}
