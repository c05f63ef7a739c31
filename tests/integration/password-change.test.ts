import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema/index";
import { createLogger } from "#server/lib/logger";
import type { Runtime } from "#server/runtime";
import { TEST_PASSWORD, type TestUser, buildMemberOrganization, call, randomIp, sessionCookie, signIn } from "#tests/factories";
import { SmtpTestServer, extractCode } from "#tests/smtp-test-server";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/** Change Password (spec §5, §7): the current password checked, other sessions revoked, a notice mailed. */

const smtp = new SmtpTestServer();
let runtime: Runtime;
/** The server's log from info up; errors also reach console.error, which fails the test. */
const logLines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  const logger = createLogger("info", {
    write: (line: string) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      logLines.push(entry);
      if (Number(entry.level) >= 50) console.error(line.trimEnd());
    },
  });
  runtime = await createTestRuntime({ SMTP_URL: await smtp.start(), AUTH_CODE_RATE_LIMIT_MAX: "1000" }, { logger });
});
afterAll(async () => {
  await runtime.close();
  await smtp.stop();
});

function changePassword(user: TestUser, currentPassword: string, newPassword: string) {
  return call(runtime, "/api/auth/change-password", { method: "POST", as: user, body: { currentPassword, newPassword, revokeOtherSessions: true } });
}

describe("change password", () => {
  it("revokes every other session, keeps a fresh one for the caller, and mails a notice", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const otherDevice = { ...member, cookie: sessionCookie(await signIn(runtime, member.email, TEST_PASSWORD)) };
    const newPassword = `changed-${uniqueSuffix()}-password`;

    const response = await changePassword(member, TEST_PASSWORD, newPassword);
    expect(response.status).toBe(200);
    expect((await call(runtime, "/api/me", { as: otherDevice })).status).toBe(401);
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(401);
    const fresh = { ...member, cookie: sessionCookie(response) };
    expect((await call(runtime, "/api/me", { as: fresh })).status).toBe(200);

    // The web app signs out 2 s later: that session ends on the server too.
    expect((await call(runtime, "/api/auth/sign-out", { method: "POST", as: fresh, body: {} })).status).toBe(200);
    expect((await call(runtime, "/api/me", { as: fresh })).status).toBe(401);

    expect((await signIn(runtime, member.email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(runtime, member.email, newPassword)).status).toBe(200);
    const notice = await smtp.waitForMessage(member.email, (mail) => mail.subject.includes("password was changed"));
    expect(notice.text).toContain("Every other session was signed out");
    expect(notice.html).toContain("<p");
  });

  it("answers a wrong current password with INVALID_PASSWORD and changes nothing", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await changePassword(member, "not-the-current-one", `changed-${uniqueSuffix()}-password`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("invalid_password");
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(200);
    expect((await signIn(runtime, member.email, TEST_PASSWORD)).status).toBe(200);
  });

  it.each(["qwerty123456", "QWERTY123456", "1q2w3e4r5t6y"])("refuses the common password %s", async (common) => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await changePassword(member, TEST_PASSWORD, common);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "password_too_common", message: "This password is too common. Choose one that is harder to guess" },
    });
    expect((await signIn(runtime, member.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("needs a session", async () => {
    const response = await call(runtime, "/api/auth/change-password", {
      method: "POST",
      body: { currentPassword: TEST_PASSWORD, newPassword: `changed-${uniqueSuffix()}-password` },
    });
    expect(response.status).toBe(401);
  });
});

async function sessionCount(user: TestUser): Promise<number> {
  return (await runtime.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
}

function logLineOf(event: string, field: "userId" | "email", value: string) {
  return logLines.find((line) => line.event === event && line[field] === value);
}

/** Signed in twice: `member` is this device, the returned user another one. */
async function signedInTwice() {
  const { member } = await buildMemberOrganization(runtime);
  const otherDevice = { ...member, cookie: sessionCookie(await signIn(runtime, member.email, TEST_PASSWORD)) };
  expect(await sessionCount(member)).toBe(2);
  return { member, otherDevice };
}

describe("a changed password ends every other session, whatever the client asks", () => {
  it.each([
    ["revokeOtherSessions: false", { revokeOtherSessions: false }],
    ["no revokeOtherSessions", {}],
  ])("change-password with %s: the other session is dead, this one replaced, and the log says so", async (_label, option) => {
    const { member, otherDevice } = await signedInTwice();
    const newPassword = `changed-${uniqueSuffix()}-password`;
    const response = await call(runtime, "/api/auth/change-password", {
      method: "POST",
      as: member,
      body: { currentPassword: TEST_PASSWORD, newPassword, ...option },
    });
    expect(response.status).toBe(200);
    expect((await call(runtime, "/api/me", { as: otherDevice })).status).toBe(401);
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(401);
    expect((await call(runtime, "/api/me", { as: { ...member, cookie: sessionCookie(response) } })).status).toBe(200);
    expect(await sessionCount(member)).toBe(1);
    expect(logLineOf("auth.password_changed", "userId", member.id)).toMatchObject({
      level: 30,
      sessionsRevoked: "others",
      msg: "auth: password changed; every other session revoked",
    });
    await smtp.waitForMessage(member.email, (mail) => mail.subject.includes("password was changed"));
  });

  it("a reset with a one-time code (it takes no such option) ends every session, and the log says so", async () => {
    const { member, otherDevice } = await signedInTwice();
    const post = (path: string, body: unknown) => call(runtime, `/api/auth${path}`, { method: "POST", body, headers: { "x-forwarded-for": randomIp() } });
    const before = smtp.messagesTo(member.email).length;
    expect((await post("/email-otp/request-password-reset", { email: member.email })).status).toBe(200);
    const otp = extractCode(await smtp.waitForMessage(member.email, () => smtp.messagesTo(member.email).length > before));

    const reset = await post("/email-otp/reset-password", { email: member.email, otp, password: `reset-${uniqueSuffix()}-long`, revokeOtherSessions: false });
    expect(reset.status).toBe(200);
    expect((await call(runtime, "/api/me", { as: otherDevice })).status).toBe(401);
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(401);
    expect(await sessionCount(member)).toBe(0);
    expect(logLineOf("auth.password_reset", "email", member.email)).toMatchObject({
      level: 30,
      sessionsRevoked: "all",
      msg: "auth: password reset with a one-time code; every session revoked",
    });
    await smtp.waitForMessage(member.email, (mail) => mail.subject.includes("password was changed"));
  });
});
