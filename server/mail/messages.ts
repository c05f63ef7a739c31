import { OTP_EXPIRES_SECONDS } from "#common/contracts/auth";
import type { MailMessage } from "./mailer.ts";

export const APP_NAME = "Member Portal";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain text plus a simple HTML version of the same paragraphs; `link` becomes a button. */
function compose(kind: MailMessage["kind"], to: string, subject: string, paragraphs: string[], link?: { url: string; label: string }): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), `— ${APP_NAME}`].join("\n\n");
  const htmlParagraphs = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : "";
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;color:#111;max-width:560px">${htmlParagraphs}${button}<p style="color:#666">— ${APP_NAME}</p></body></html>`;
  return { kind, to, subject, text, html };
}

export type CodePurpose = "sign-in" | "forget-password" | "email-verification" | "change-email";

export function buildOneTimeCodeMessage(to: string, code: string, purpose: CodePurpose): MailMessage {
  const minutes = Math.round(OTP_EXPIRES_SECONDS / 60);
  const action = purpose === "forget-password" ? "reset your password" : "sign in";
  return compose("one-time-code", to, `Your ${APP_NAME} code: ${code}`, [
    `Your one-time code to ${action} is: ${code}`,
    `It expires in ${minutes} minutes and works once. If you did not ask for it, you can ignore this email: nobody can use it without access to your inbox.`,
  ]);
}

export function buildInvitationMessage(to: string, organizationName: string, inviterName: string, url: string, expiresAt: Date): MailMessage {
  return compose(
    "invitation",
    to,
    `You're invited to ${organizationName} on ${APP_NAME}`,
    [
      `${inviterName} invited you to join ${organizationName} on ${APP_NAME}.`,
      `Open the link below to set your password. It is valid until ${expiresAt.toUTCString()}.`,
    ],
    { url, label: "Accept the invitation" },
  );
}

export function buildPasswordChangedMessage(to: string, when: Date): MailMessage {
  return compose("password-changed", to, `Your ${APP_NAME} password was changed`, [
    `The password of your ${APP_NAME} account was changed on ${when.toUTCString()}. Every other session was signed out.`,
    "If this was not you, reset your password at once with \"Forgot password?\" on the sign-in page and tell your administrator.",
  ]);
}
