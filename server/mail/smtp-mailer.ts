import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Mailer, MailMessage } from "./mailer.ts";

/** Sends through the SMTP server named by SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    driver: "smtp",
    async send(message: MailMessage) {
      try {
        const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
        // The body is never logged here: it may hold a one-time code.
        logger.info({ mail: { kind: message.kind, to: message.to, messageId: info.messageId } }, "mail: sent");
      } catch (error) {
        logger.error({ err: error, mail: { kind: message.kind, to: message.to } }, "mail: sending failed");
        throw error;
      }
    },
    close: async () => transport.close(),
  };
}
