import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/database";
import { mailOutbox } from "#server/db/schema/index";
import { createLogger } from "#server/lib/logger";
import { SmtpTestServer } from "#tests/smtp-test-server";
import { openTestDatabase, uniqueSuffix } from "#tests/test-runtime";
import { createMailer } from "./mailer.ts";
import { buildInvitationMessage, buildOneTimeCodeMessage, buildPasswordChangedMessage } from "./messages.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function captureLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger("info", { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { lines, logger };
}

describe("the outbox driver (no SMTP_URL)", () => {
  it("stores each message and writes it to the log", async () => {
    const { lines, logger } = captureLogs();
    const mailer = createMailer({ smtpUrl: undefined, from: "Portal <no-reply@localhost>" }, database.db, logger);
    expect(mailer.driver).toBe("outbox");
    const to = `outbox-${uniqueSuffix()}@example.test`;
    await mailer.send(buildOneTimeCodeMessage(to, "493817", "sign-in"));

    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)).orderBy(desc(mailOutbox.createdAt));
    expect(row).toMatchObject({ kind: "one-time-code", status: "stored", subject: expect.stringContaining("493817") });
    expect(row?.textBody).toContain("493817");
    expect(row?.htmlBody).toContain("493817");
    expect(lines.some((line) => line.msg === "mail: stored in the outbox" && String(line.text).includes("493817"))).toBe(true);
  });
});

describe("the SMTP driver (SMTP_URL set)", () => {
  const smtp = new SmtpTestServer();
  let smtpUrl: string;
  beforeAll(async () => {
    smtpUrl = await smtp.start();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it("sends plain text and HTML through the server, and logs no body", async () => {
    const { lines, logger } = captureLogs();
    const mailer = createMailer({ smtpUrl, from: "Portal <no-reply@portal.test>" }, database.db, logger);
    const to = `smtp-${uniqueSuffix()}@example.test`;
    const url = "http://portal.test/change-password?invitation=abc";
    await mailer.send(buildInvitationMessage(to, "Acme <Corp>", "Ada Admin", url, new Date("2030-01-01T00:00:00Z")));
    await mailer.close();

    const mail = await smtp.waitForMessage(to);
    expect(mail.from).toBe("no-reply@portal.test");
    expect(mail.subject).toBe("You're invited to Acme <Corp> on Member Portal");
    expect(mail.text).toContain(url);
    expect(mail.html).toContain("Acme &#60;Corp&#62;");
    expect(mail.html).toContain('href="http://portal.test/change-password?invitation=abc"');
    expect(JSON.stringify(lines)).not.toContain(url);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).toEqual([]);
  });

  it("rejects when the server cannot be reached, and logs the failure", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: "Portal <no-reply@portal.test>" }, database.db, logger);
    await expect(mailer.send(buildPasswordChangedMessage("someone@example.test", new Date()))).rejects.toThrow();
    expect(lines.join("\n")).toContain("mail: sending failed");
    await mailer.close();
  });
});
