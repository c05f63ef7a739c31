import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name (the last one of a name wins). */
  headers: Record<string, string>;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives, so tests can send through
 * the portal's SMTP driver and read the messages back.
 */
export class SmtpTestServer {
  readonly received: ReceivedMail[] = [];
  private readonly server: SMTPServer;
  private waiters: Array<() => void> = [];

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((parsed) => {
              this.received.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
                subject: parsed.subject ?? "",
                text: parsed.text ?? "",
                html: parsed.html ?? "",
                headers: Object.fromEntries(parsed.headers.map((header) => [header.key.toLowerCase(), header.value])),
              });
              for (const wake of this.waiters.splice(0)) wake();
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
  }

  /** Starts listening on 127.0.0.1 (port 0: any free port) and returns the URL for SMTP_URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    const address = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${address.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Mail to `email`, newest last. */
  messagesTo(email: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(email.toLowerCase()));
  }

  /** Waits for a message to `email` that `match` accepts (by default any), up to `timeoutMs`. */
  async waitForMessage(email: string, match: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messagesTo(email).filter(match).at(-1);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching mail to ${email} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** The one-time code in a code email. */
export function extractCode(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail "${mail.subject}"`);
  return match[1];
}

/** The first portal link in an email (the invitation link). */
export function extractLink(mail: ReceivedMail): string {
  const match = /(https?:\/\/\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no link in mail "${mail.subject}"`);
  return match[1];
}
