import type { Logger } from "pino";
import type { Database } from "#server/db/database";
import type { Mailer, MailMessage } from "./mailer.ts";
import { insertOutboxMessage } from "./outbox.queries.ts";

/**
 * Keeps every message in the mail_outbox table and writes it to the log, so that an operator
 * without a mail server (the embedded demo) can read one-time codes and invitation links.
 */
export function createOutboxMailer(db: Database, from: string, logger: Logger): Mailer {
  return {
    driver: "outbox",
    async send(message: MailMessage) {
      await insertOutboxMessage(db, message, from);
      logger.info({ mail: { kind: message.kind, to: message.to, subject: message.subject }, text: message.text }, "mail: stored in the outbox");
    },
    close: async () => {},
  };
}
