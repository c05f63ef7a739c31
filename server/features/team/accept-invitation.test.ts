import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "#common/contracts/auth";
import { EXISTING_ACCOUNT_MESSAGE } from "#common/contracts/team";
import { invitations, profiles } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildInvitation, buildMemberOrganization, buildUser, call, randomIp, readInvitationToken } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const PASSWORD = "violet-harbour-lantern-42";
const INVALID_LINK = "This invitation link is no longer valid. Ask for a new invitation.";

async function buildPendingInvitation(role: "member_user" | "member_admin" = "member_user") {
  const { organization, member: admin } = await buildMemberOrganization(runtime);
  await runtime.database.db.update(profiles).set({ role: "member_admin" }).where(eq(profiles.id, admin.id));
  return { organization, admin, ...(await buildInvitation(runtime, admin, organization.id, role)) };
}

const lookup = (token: string) => call(runtime, "/api/invitations/lookup", { method: "POST", body: { token } });
const accept = (body: Record<string, unknown>) =>
  call(runtime, "/api/invitations/accept", { method: "POST", body, headers: { "x-forwarded-for": randomIp() } });
const acceptBody = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  full_name: "Nina Newcomer",
  newPassword: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});

async function expectInvalidLink(response: Response) {
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: { code: "not_found", message: INVALID_LINK } });
}

describe("POST /api/invitations/lookup", () => {
  it("says who a valid link is for, and nothing for unknown or malformed tokens", async () => {
    const { organization, email, token } = await buildPendingInvitation();
    const response = await lookup(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email, organization_name: organization.organization_name, blocked_by: null });
    await expectInvalidLink(await lookup(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`));
    const malformed = await lookup("short");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.details[0]).toEqual({ path: "token", message: "The invitation link is not valid" });
  });

  it("refuses an expired link", async () => {
    const { invitation, token } = await buildPendingInvitation();
    await runtime.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, invitation.id));
    await expectInvalidLink(await lookup(token));
  });
});

describe("POST /api/invitations/accept", () => {
  it("creates the account in the organization with the invited role and signs the new member in", async () => {
    const { organization, email, token } = await buildPendingInvitation("member_admin");
    const response = await accept(acceptBody(token, { full_name: "  Nina Newcomer  " }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email });
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
    const session = cookies.find((cookie) => cookie.includes("session_token"));
    expect(session).toBeDefined();

    const newMember: TestUser = { id: "", email, password: PASSWORD, organizationId: organization.id, ip: randomIp(), cookie: session ?? "" };
    const me = await call(runtime, "/api/me", { as: newMember });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email,
      full_name: "Nina Newcomer",
      role: "member_admin",
      is_employee: false,
      organization_id: organization.id,
    });
    const [profile] = await runtime.database.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile?.lastSignInAt).not.toBeNull();
    const [row] = await runtime.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row?.acceptedAt).not.toBeNull();

    // The link is used up; the new password signs in through the ordinary sign-in too.
    await expectInvalidLink(await lookup(token));
    await expectInvalidLink(await accept(acceptBody(token)));
    const signIn = await call(runtime, "/api/auth/sign-in/email", {
      method: "POST",
      body: { email, password: PASSWORD },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(signIn.status).toBe(200);
  });

  it("refuses an expired or revoked invitation and creates nobody", async () => {
    const expired = await buildPendingInvitation();
    await runtime.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, expired.invitation.id));
    await expectInvalidLink(await accept(acceptBody(expired.token)));

    const revoked = await buildPendingInvitation();
    await call(runtime, `/api/team/invitations/${revoked.invitation.id}`, { method: "DELETE", as: revoked.admin });
    await expectInvalidLink(await accept(acceptBody(revoked.token)));

    for (const email of [expired.email, revoked.email]) {
      expect(await runtime.database.db.select().from(profiles).where(eq(profiles.email, email))).toEqual([]);
    }
  });

  it("refuses a common password on the password field", async () => {
    const { email, token } = await buildPendingInvitation();
    const response = await accept(acceptBody(token, { newPassword: "password1234", confirmPassword: "password1234" }));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("validation_failed");
    expect(error.details).toEqual([{ path: "newPassword", message: COMMON_PASSWORD_MESSAGE }]);
    expect(await runtime.database.db.select().from(profiles).where(eq(profiles.email, email))).toEqual([]);
    expect((await lookup(token)).status).toBe(200);
  });

  it.each([
    ["a mismatched confirmation", { confirmPassword: "something-else-entirely" }, "confirmPassword", "Passwords don't match"],
    ["a short password", { newPassword: "short", confirmPassword: "short" }, "newPassword", "Password must be at least 12 characters"],
    ["a blank name", { full_name: "   " }, "full_name", "Full name is required"],
    ["a missing confirmation", { confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
  ])("refuses %s with a field error", async (_label, overrides, path, message) => {
    const { token } = await buildPendingInvitation();
    const response = await accept(acceptBody(token, overrides));
    expect(response.status).toBe(400);
    expect((await response.json()).error.details).toContainEqual({ path, message });
    expect((await lookup(token)).status).toBe(200);
  });

  it("answers 409 with what to do when the email got an account since the invitation was sent", async () => {
    const { email, token } = await buildPendingInvitation();
    await buildUser(runtime, { email });
    const response = await accept(acceptBody(token));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: "conflict", message: EXISTING_ACCOUNT_MESSAGE } });
    expect((await lookup(token)).status).toBe(200);
  });
});

describe("an invitation to an address that has an account in another organization", () => {
  it("is sent as any other, and tells the invited person on the link's page what to do; their account stays as it was", async () => {
    const { organization, admin } = await buildPendingInvitation();
    const { organization: home, member: invitee } = await buildMemberOrganization(runtime);
    const invited = await call(runtime, "/api/team/invitations", { method: "POST", as: admin, body: { email: invitee.email, role: "member_admin" } });
    expect(invited.status).toBe(201);
    const token = await readInvitationToken(runtime, invitee.email);

    const preview = await lookup(token);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ email: invitee.email, organization_name: organization.organization_name, blocked_by: "existing_account" });

    const response = await accept(acceptBody(token));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: "conflict", message: EXISTING_ACCOUNT_MESSAGE } });
    expect(response.headers.getSetCookie()).toEqual([]);
    const [profile] = await runtime.database.db.select().from(profiles).where(eq(profiles.id, invitee.id));
    expect(profile).toMatchObject({ organizationId: home.id, role: "member_user" });
    expect((await call(runtime, "/api/me", { as: invitee })).status).toBe(200);
  });
});
