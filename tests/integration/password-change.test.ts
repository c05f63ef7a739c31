import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "#server/runtime";
import { TEST_PASSWORD, type TestUser, buildMemberOrganization, call, sessionCookie, signIn } from "#tests/factories";
import { SmtpTestServer } from "#tests/smtp-test-server";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/** Change Password (spec §5, §7): the current password checked, other sessions revoked, a notice mailed. */

const smtp = new SmtpTestServer();
let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ SMTP_URL: await smtp.start() });
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
