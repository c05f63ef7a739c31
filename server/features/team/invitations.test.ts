import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TTL_DAYS } from "#common/contracts/team";
import { invitations, mailOutbox, profiles, realtimeEvents } from "#server/db/schema/index";
import type { Mailer } from "#server/mail/mailer";
import type { Runtime } from "#server/runtime";
import {
  type TestUser,
  buildInvitation,
  buildMemberOrganization,
  buildUser,
  call,
  invitationTokenIn,
  readInvitationToken,
} from "#tests/factories";
import { TEST_ORIGIN, createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function buildAdmin(target = runtime) {
  const { organization, member: admin } = await buildMemberOrganization(target);
  await target.database.db.update(profiles).set({ role: "member_admin", fullName: "Ada Admin" }).where(eq(profiles.id, admin.id));
  return { organization, admin };
}

const invite = (as: TestUser, body: unknown, org?: string, target = runtime) =>
  call(target, "/api/team/invitations", { method: "POST", as, org, body });
const lookup = (token: string) => call(runtime, "/api/invitations/lookup", { method: "POST", body: { token } });
const invitationRows = (organizationId: string, target = runtime) =>
  target.database.db.select().from(invitations).where(eq(invitations.organizationId, organizationId));

describe("POST /api/team/invitations", () => {
  it("stores only a hash of the token and mails a link that works", async () => {
    const { organization, admin } = await buildAdmin();
    const email = `New.Person-${uniqueSuffix()}@Example.test`;
    const response = await invite(admin, { email: `  ${email} `, role: "member_admin" });
    expect(response.status).toBe(201);
    const invitation = await response.json();
    expect(invitation).toMatchObject({ email: email.toLowerCase(), role: "member_admin", expired: false });
    const days = (Date.parse(invitation.expires_at) - Date.parse(invitation.sent_at)) / 86_400_000;
    expect(days).toBe(INVITATION_TTL_DAYS);

    const [mail] = await runtime.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email.toLowerCase()));
    expect(mail?.subject).toBe(`You're invited to ${organization.organization_name} on Member Portal`);
    expect(mail?.textBody).toContain(`Ada Admin invited you to join ${organization.organization_name}`);
    const token = invitationTokenIn(mail?.textBody ?? "");
    expect(token).toHaveLength(43);
    expect(mail?.textBody).toContain(`${TEST_ORIGIN}/change-password?invitation=${token}`);
    const [row] = await invitationRows(organization.id);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await (await lookup(token)).json()).toEqual({ email: email.toLowerCase(), organization_name: organization.organization_name, blocked_by: null });
  });

  it("names the inviter by email when they have no full name, and lets an employee invite", async () => {
    const { organization } = await buildMemberOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    const email = `invitee-${uniqueSuffix()}@example.test`;
    const response = await invite(employee, { email, role: "member_user" }, organization.id);
    expect(response.status).toBe(201);
    const [mail] = await runtime.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mail?.textBody).toContain(`${employee.email} invited you`);
  });

  it("announces the change to the organization's screens", async () => {
    const { organization, admin } = await buildAdmin();
    await buildInvitation(runtime, admin, organization.id);
    const events = await runtime.database.db
      .select({ type: realtimeEvents.type })
      .from(realtimeEvents)
      .where(eq(realtimeEvents.organizationId, organization.id));
    expect(events).toEqual([{ type: "teamChanged" }]);
  });

  it("refuses a second pending invitation to the same email in the organization", async () => {
    const { organization, admin } = await buildAdmin();
    const { email } = await buildInvitation(runtime, admin, organization.id);
    const response = await invite(admin, { email: email.toUpperCase(), role: "member_admin" });
    expect(response.status).toBe(409);
    expect((await response.json()).error.details).toEqual([{ path: "email", message: "An invitation to this email is already pending" }]);
    expect(await invitationRows(organization.id)).toHaveLength(1);
    // Another organization may invite the same person.
    const other = await buildAdmin();
    expect((await invite(other.admin, { email, role: "member_user" })).status).toBe(201);
  });

  it("refuses plain members with 403 and bad input with field errors", async () => {
    const { organization, admin } = await buildAdmin();
    const member = await buildUser(runtime, { organizationId: organization.id });
    const refused = await invite(member, { email: `x-${uniqueSuffix()}@example.test`, role: "member_user" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe("Only organization admins and employees can manage the team");
    for (const [body, path] of [
      [{ email: "not an email", role: "member_user" }, "email"],
      [{ email: "a@example.test", role: "owner" }, "role"],
      [{ role: "member_user" }, "email"],
    ] as const) {
      const response = await invite(admin, body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.details[0].path).toBe(path);
    }
    expect(await invitationRows(organization.id)).toEqual([]);
  });

  it("answers 502 and keeps nothing when the email cannot be sent", async () => {
    const failing: Mailer = {
      driver: "smtp",
      send: async () => {
        throw new Error("connection refused");
      },
      close: async () => {},
    };
    const broken = await createTestRuntime({}, { mailer: failing });
    try {
      const { organization, admin } = await buildAdmin(broken);
      const email = `invitee-${uniqueSuffix()}@example.test`;
      const response = await invite(admin, { email, role: "member_user" }, undefined, broken);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: { code: "mail_failed", message: "The invitation email could not be sent. Please try again." },
      });
      expect(await invitationRows(organization.id, broken)).toEqual([]);
      const events = await broken.database.db.select().from(realtimeEvents).where(eq(realtimeEvents.organizationId, organization.id));
      expect(events).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe("POST /api/team/invitations/:invitationId/resend", () => {
  it("mails a new link with a new expiry; the old link stops working", async () => {
    const { organization, admin } = await buildAdmin();
    const { invitation, email, token: oldToken } = await buildInvitation(runtime, admin, organization.id);
    await runtime.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, invitation.id));
    const response = await call(runtime, `/api/team/invitations/${invitation.id}/resend`, { method: "POST", as: admin });
    expect(response.status).toBe(200);
    const resent = await response.json();
    expect(resent).toMatchObject({ id: invitation.id, expired: false });
    expect(Date.parse(resent.expires_at)).toBeGreaterThan(Date.parse(invitation.expires_at));
    const newToken = await readInvitationToken(runtime, email);
    expect(newToken).not.toBe(oldToken);
    expect((await lookup(oldToken)).status).toBe(404);
    expect((await lookup(newToken)).status).toBe(200);
  });

  it("answers 404 for revoked, unknown or malformed ids and for other organizations' invitations", async () => {
    const { organization, admin } = await buildAdmin();
    const { invitation } = await buildInvitation(runtime, admin, organization.id);
    const other = await buildAdmin();
    const resend = (as: TestUser, id: string) => call(runtime, `/api/team/invitations/${id}/resend`, { method: "POST", as });
    expect((await resend(other.admin, invitation.id)).status).toBe(404);
    for (const id of ["8f0c2a4e-1111-4a4a-9a9a-000000000000", "not-a-uuid", "%00"]) {
      const response = await resend(admin, id);
      expect(response.status, id).toBe(404);
      expect((await response.json()).error.message).toBe("Invitation not found");
    }
    await call(runtime, `/api/team/invitations/${invitation.id}`, { method: "DELETE", as: admin });
    expect((await resend(admin, invitation.id)).status).toBe(404);
  });
});

describe("DELETE /api/team/invitations/:invitationId", () => {
  it("revokes a pending invitation: its link stops working and it leaves the list", async () => {
    const { organization, admin } = await buildAdmin();
    const { invitation, token } = await buildInvitation(runtime, admin, organization.id);
    const member = await buildUser(runtime, { organizationId: organization.id });
    const path = `/api/team/invitations/${invitation.id}`;
    expect((await call(runtime, path, { method: "DELETE", as: member })).status).toBe(403);
    const response = await call(runtime, path, { method: "DELETE", as: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: invitation.id });
    expect((await lookup(token)).status).toBe(404);
    expect((await call(runtime, path, { method: "DELETE", as: admin })).status).toBe(404);
    const [row] = await runtime.database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.organizationId, organization.id), eq(invitations.id, invitation.id)));
    expect(row?.revokedAt).not.toBeNull();
  });
});

