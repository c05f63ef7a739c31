import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealtimeEvent } from "#common/contracts/events";
import type { TeamMember } from "#common/contracts/team";
import { invitations, profiles, sessions, users } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildInvitation, buildMemberOrganization, buildOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** Resolves with the next event of `type` the hub fans out for the organization. */
function nextEvent(organizationId: string, type: RealtimeEvent["type"]): Promise<RealtimeEvent> {
  return new Promise((resolve) => {
    const unsubscribe = runtime.hub.subscribe(organizationId, (stored) => {
      if (stored.event.type !== type) return;
      unsubscribe();
      resolve(stored.event);
    });
  });
}

/** Organization A with an admin and a plain member, and an employee. */
async function buildTeam() {
  const { organization, member: admin } = await buildMemberOrganization(runtime);
  await runtime.database.db.update(profiles).set({ role: "member_admin" }).where(eq(profiles.id, admin.id));
  const member = await buildUser(runtime, { organizationId: organization.id, fullName: "Zoe Plain" });
  const employee = await buildUser(runtime, { isEmployee: true });
  return { organization, admin, member, employee };
}

const getTeam = (as: TestUser, org?: string) => call(runtime, "/api/team", { as, org });
const changeRole = (as: TestUser, memberId: string, role: string, org?: string) =>
  call(runtime, `/api/team/members/${memberId}`, { method: "PATCH", as, org, body: { role } });
const removeMember = (as: TestUser, memberId: string, org?: string) => call(runtime, `/api/team/members/${memberId}`, { method: "DELETE", as, org });

describe("GET /api/team", () => {
  it("lists the members by name with their sign-in time, and pending invitations newest first", async () => {
    const { organization, admin, member } = await buildTeam();
    const first = await buildInvitation(runtime, admin, organization.id);
    const second = await buildInvitation(runtime, admin, organization.id, "member_admin");
    const response = await getTeam(member);
    expect(response.status).toBe(200);
    const team = await response.json();
    // The admin has no full name, so sorts by email ("user-…"), before "Zoe Plain".
    expect(team.members.map((m: TeamMember) => m.id)).toEqual([admin.id, member.id]);
    expect(team.members[1]).toMatchObject({ email: member.email, full_name: "Zoe Plain", role: "member_user", is_employee: false });
    expect(Date.parse(team.members[1].last_sign_in_at)).not.toBeNaN();
    expect(team.invitations.map((i: { id: string }) => i.id)).toEqual([second.invitation.id, first.invitation.id]);
    expect(team.invitations[0]).toMatchObject({ email: second.email, role: "member_admin", expired: false });
    expect(team.can_manage).toBe(false);
  });

  it("tells admins and employees they can manage", async () => {
    const { organization, admin, employee } = await buildTeam();
    expect((await (await getTeam(admin)).json()).can_manage).toBe(true);
    const asEmployee = await getTeam(employee, organization.id);
    expect(asEmployee.status).toBe(200);
    expect((await asEmployee.json()).can_manage).toBe(true);
  });

  it("shows no revoked invitations and marks expired ones", async () => {
    const { organization, admin } = await buildTeam();
    const revoked = await buildInvitation(runtime, admin, organization.id);
    const expired = await buildInvitation(runtime, admin, organization.id);
    await call(runtime, `/api/team/invitations/${revoked.invitation.id}`, { method: "DELETE", as: admin });
    await runtime.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, expired.invitation.id));
    const team = await (await getTeam(admin)).json();
    expect(team.invitations).toEqual([expect.objectContaining({ id: expired.invitation.id, expired: true })]);
  });
});

describe("PATCH /api/team/members/:memberId", () => {
  it("lets an admin change a member's role and tells that member's screens", async () => {
    const { organization, admin, member } = await buildTeam();
    const refreshed = nextEvent(organization.id, "claimsRefreshed");
    const teamChanged = nextEvent(organization.id, "teamChanged");
    const response = await changeRole(admin, member.id, "member_admin");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: member.id, role: "member_admin" });
    expect(await refreshed).toEqual({ type: "claimsRefreshed", organizationId: organization.id, userId: member.id });
    expect(await teamChanged).toEqual({ type: "teamChanged", organizationId: organization.id });
    expect(await (await call(runtime, "/api/me", { as: member })).json()).toMatchObject({ role: "member_admin" });
  });

  it("refuses a change of one's own role, a plain member, and an admin touching an employee", async () => {
    const { organization, admin, member, employee } = await buildTeam();
    const ownRole = await changeRole(admin, admin.id, "member_user");
    expect(ownRole.status).toBe(409);
    expect((await ownRole.json()).error.message).toBe("You can't change your own role");
    const plain = await changeRole(member, admin.id, "member_user");
    expect(plain.status).toBe(403);
    expect((await plain.json()).error.message).toBe("Only organization admins and employees can manage the team");
    const employeeInOrg = await buildUser(runtime, { organizationId: organization.id, isEmployee: true });
    expect((await changeRole(admin, employeeInOrg.id, "member_admin")).status).toBe(403);
    expect((await changeRole(employee, employeeInOrg.id, "member_admin", organization.id)).status).toBe(200);
    const [adminProfile] = await runtime.database.db.select().from(profiles).where(eq(profiles.id, admin.id));
    expect(adminProfile?.role).toBe("member_admin");
  });

  it("refuses an unknown role and answers 404 for ids that name nobody in the organization", async () => {
    const { admin, member } = await buildTeam();
    const badRole = await changeRole(admin, member.id, "owner");
    expect(badRole.status).toBe(400);
    expect((await badRole.json()).error.details).toContainEqual({ path: "role", message: "Role must be Member User or Member Admin" });
    const outsider = (await buildMemberOrganization(runtime)).member;
    for (const id of [outsider.id, "no-such-user", "%00", "a".repeat(65)]) {
      const response = await changeRole(admin, id, "member_admin");
      expect(response.status, id).toBe(404);
      expect((await response.json()).error.message).toBe("Member not found");
    }
    const [outsiderProfile] = await runtime.database.db.select().from(profiles).where(eq(profiles.id, outsider.id));
    expect(outsiderProfile?.role).toBe("member_user");
  });

  it("gives a member of B naming A's member a 404, and changes nothing", async () => {
    const { member } = await buildTeam();
    const b = await buildMemberOrganization(runtime);
    await runtime.database.db.update(profiles).set({ role: "member_admin" }).where(eq(profiles.id, b.member.id));
    expect((await changeRole(b.member, member.id, "member_admin")).status).toBe(404);
    expect((await removeMember(b.member, member.id)).status).toBe(404);
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(200);
  });
});

describe("DELETE /api/team/members/:memberId", () => {
  it("closes the member's account: their open session is refused at once", async () => {
    const { organization, admin, member } = await buildTeam();
    const teamChanged = nextEvent(organization.id, "teamChanged");
    const response = await removeMember(admin, member.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: member.id });
    await teamChanged;
    expect((await call(runtime, "/api/me", { as: member })).status).toBe(401);
    const db = runtime.database.db;
    expect(await db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    const team = await (await getTeam(admin)).json();
    expect(team.members.map((m: TeamMember) => m.id)).toEqual([admin.id]);
  });

  it("refuses removing oneself, a plain member removing anyone, and an admin removing an employee", async () => {
    const { organization, admin, member } = await buildTeam();
    const self = await removeMember(admin, admin.id);
    expect(self.status).toBe(409);
    expect((await self.json()).error.message).toBe("You can't remove yourself");
    expect((await removeMember(member, admin.id)).status).toBe(403);
    const employeeInOrg = await buildUser(runtime, { organizationId: organization.id, isEmployee: true });
    expect((await removeMember(admin, employeeInOrg.id)).status).toBe(403);
    const left = await runtime.database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.organizationId, organization.id));
    expect(left).toHaveLength(3);
  });

  it("lets an employee remove a member of the organization they act for", async () => {
    const { organization, member, employee } = await buildTeam();
    expect((await removeMember(employee, member.id, organization.id)).status).toBe(200);
    expect((await removeMember(employee, member.id, organization.id)).status).toBe(404);
  });

  it("answers 404 for a member of another organization", async () => {
    const { admin } = await buildTeam();
    const other = await buildOrganization(runtime);
    const stranger = await buildUser(runtime, { organizationId: other.id });
    expect((await removeMember(admin, stranger.id)).status).toBe(404);
    expect((await call(runtime, "/api/me", { as: stranger })).status).toBe(200);
  });
});
