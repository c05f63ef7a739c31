import type { Logger } from "pino";
import type { Database } from "#server/db/database";
import { mailOutbox } from "#server/db/schema/index";
import type { Mailer, MailMessage } from "./mailer.ts";

/**
 * Keeps every message in the mail_outbox table and writes it to the log, so that an operator
 * without a mail server (the embedded demo) can read one-time codes and invitation links.
 */
export function createOutboxMailer(db: Database, from: string, logger: Logger): Mailer {
  return {
    driver: "outbox",
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({
        kind: message.kind,
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        status: "stored",
        details: { from },
      });
      logger.info({ mail: { kind: message.kind, to: message.to, subject: message.subject }, text: message.text }, "mail: stored in the outbox");
    },
    close: async () => {},
  };
}
