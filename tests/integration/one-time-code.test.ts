import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verifications } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { TEST_PASSWORD, buildMemberOrganization, call, randomIp, sessionCookie, signIn } from "#tests/factories";
import { SmtpTestServer, extractCode } from "#tests/smtp-test-server";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/** One-time codes, sent through a real SMTP server started here and read back from it. */

const smtp = new SmtpTestServer();
let runtime: Runtime;
beforeAll(async () => {
  const smtpUrl = await smtp.start();
  runtime = await createTestRuntime({ SMTP_URL: smtpUrl, AUTH_CODE_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await runtime.close();
  await smtp.stop();
});

const post = (path: string, body: unknown, ip = randomIp()) => call(runtime, `/api/auth${path}`, { method: "POST", body, headers: { "x-forwarded-for": ip } });

async function requestSignInCode(email: string): Promise<string> {
  const before = smtp.messagesTo(email).length;
  expect((await post("/email-otp/send-verification-otp", { email, type: "sign-in" })).status).toBe(200);
  const mail = await smtp.waitForMessage(email, () => smtp.messagesTo(email).length > before);
  return extractCode(mail);
}

describe("sign-in with a one-time code", () => {
  it("mails a 6-digit code (text and HTML) that signs the user in once", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const code = await requestSignInCode(member.email);
    const mail = smtp.messagesTo(member.email).at(-1);
    expect(mail?.subject).toContain(code);
    expect(mail?.html).toContain(code);

    const response = await post("/sign-in/email-otp", { email: member.email, otp: code });
    expect(response.status).toBe(200);
    const me = await call(runtime, "/api/me", { headers: { cookie: sessionCookie(response) } });
    expect(await me.json()).toMatchObject({ id: member.id });

    const again = await post("/sign-in/email-otp", { email: member.email, otp: code });
    expect(again.status).toBe(400);
  });

  it("stores only a hash of the code", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const code = await requestSignInCode(member.email);
    const rows = await runtime.database.db
      .select({ value: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, `sign-in-otp-${member.email}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).not.toContain(code);
  });

  it("says a wrong code is wrong, and refuses even the right code after three wrong ones", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const code = await requestSignInCode(member.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await post("/sign-in/email-otp", { email: member.email, otp: wrong });
    expect(first.status).toBe(400);
    expect((await first.json()).error).toMatchObject({ code: "invalid_otp" });
    await post("/sign-in/email-otp", { email: member.email, otp: wrong });
    await post("/sign-in/email-otp", { email: member.email, otp: wrong });
    const blocked = await post("/sign-in/email-otp", { email: member.email, otp: code });
    expect(blocked.status).toBeGreaterThanOrEqual(400);
    expect((await blocked.json()).error.code).toBe("too_many_attempts");
  });

  it("says an expired code has expired", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const code = await requestSignInCode(member.email);
    await runtime.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `sign-in-otp-${member.email}`));
    const response = await post("/sign-in/email-otp", { email: member.email, otp: code });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("otp_expired");
  });

  it("never creates an account: an unknown email gets the same answer and no mail", async () => {
    const email = `stranger-${uniqueSuffix()}@example.test`;
    const response = await post("/email-otp/send-verification-otp", { email, type: "sign-in" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const signInAttempt = await post("/sign-in/email-otp", { email, otp: "123456" });
    expect(signInAttempt.status).toBeGreaterThanOrEqual(400);
    expect(signInAttempt.status).toBeLessThan(500);
    // Known addresses get their mail within milliseconds; give an unknown one ample time to show up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messagesTo(email)).toEqual([]);
    expect(await runtime.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe("forgot password: a code sets a new password", () => {
  it("resets the password, ends every session and mails the password-changed notice", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const before = smtp.messagesTo(member.email).length;
    expect((await post("/email-otp/request-password-reset", { email: member.email })).status).toBe(200);
    const code = extractCode(await smtp.waitForMessage(member.email, () => smtp.messagesTo(member.email).length > before));

    const newPassword = `reset-${uniqueSuffix()}-long`;
    const reset = await post("/email-otp/reset-password", { email: member.email, otp: code, password: newPassword });
    expect(reset.status).toBe(200);
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(401);
    expect((await signIn(runtime, member.email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(runtime, member.email, newPassword)).status).toBe(200);
    await smtp.waitForMessage(member.email, (mail) => mail.subject.includes("password was changed"));
  });

  it("refuses a new password under 12 characters or on the common-password list, keeping the old one", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const before = smtp.messagesTo(member.email).length;
    await post("/email-otp/request-password-reset", { email: member.email });
    const code = extractCode(await smtp.waitForMessage(member.email, () => smtp.messagesTo(member.email).length > before));

    const short = await post("/email-otp/reset-password", { email: member.email, otp: code, password: "short-pass" });
    expect(short.status).toBe(400);
    const common = await post("/email-otp/reset-password", { email: member.email, otp: code, password: "qwerty123456" });
    expect(common.status).toBe(400);
    expect((await common.json()).error.code).toBe("password_too_common");
    expect((await signIn(runtime, member.email, TEST_PASSWORD)).status).toBe(200);
  });
});
