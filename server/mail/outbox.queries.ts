import type { Queryable } from "#server/db/database";
import { mailOutbox } from "#server/db/schema/index";
import type { MailMessage } from "./mailer.ts";

export async function insertOutboxMessage(db: Queryable, message: MailMessage, from: string): Promise<void> {
  await db.insert(mailOutbox).values({
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    status: "stored",
    details: message.headers ? { from, headers: message.headers } : { from },
  });
}
