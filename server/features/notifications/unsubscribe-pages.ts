import { escapeHtml } from "#server/mail/messages";

/**
 * The unsubscribe link's pages: self-contained HTML with no script (the CSP allows none inline)
 * and no outside resources, styled by one inline style element.
 */

const STYLE = `body{font-family:system-ui,sans-serif;color:#111;background:#f6f7f9;margin:0;padding:48px 16px}
main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 16px}ul{padding-left:20px}p{line-height:1.5}
button{background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:15px;cursor:pointer}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}.hint{color:#555;font-size:14px}`;

function renderPage(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} — Member Portal</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`;
}

function renderKinds(labels: string[]): string {
  return `<ul>${labels.map((label) => `<li>${escapeHtml(label)}</li>`).join("")}</ul>`;
}

const PROFILE_HINT = `<p class="hint">You can change all your choices in your profile in Member Portal.</p>`;

/**
 * Asks to confirm: mail scanners open links, so a GET changes nothing. The form posts to the page's
 * own address (the token included) with no action attribute, wherever the portal is mounted.
 */
export function renderUnsubscribeConfirmPage(labels: string[]): string {
  return renderPage(
    "Unsubscribe",
    `<p>Stop emails about:</p>${renderKinds(labels)}<form method="post"><button type="submit">Unsubscribe</button></form>${PROFILE_HINT}`,
  );
}

export function renderUnsubscribedPage(labels: string[]): string {
  return renderPage("You are unsubscribed", `<p>You will no longer get emails about:</p>${renderKinds(labels)}${PROFILE_HINT}`);
}

export const INVALID_LINK_MESSAGE = "This unsubscribe link is not valid";

export function renderInvalidLinkPage(): string {
  return renderPage(
    INVALID_LINK_MESSAGE,
    `<p>The link may have been cut short by your email program. Open the whole link from the email, or change your choices in your profile in Member Portal.</p>`,
  );
}
