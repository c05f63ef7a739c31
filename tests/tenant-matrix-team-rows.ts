import { expect } from "vitest";
import type { Runtime } from "#server/runtime";
import { buildInvitation, buildOrganization, buildUser, call } from "#tests/factories";
import { CALLERS, fixture } from "#tests/tenant-matrix-fixture";
import type { Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the team: members, invitations, their lookup and acceptance, merged into
 * the matrix by tests/tenant-matrix-rows.ts.
 */

const PUBLIC: Expected = { anonymous: 200, memberA: 200, employeeNamingA: 200, memberBNamingA: 200 };
const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
/** Managing the team is for member admins and employees: member A is a member user. */
const MANAGE_TEAM: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 404 };

const get = (path: string) => (): RouteCall => ({ method: "GET", path });

export function teamMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  /** Adds a member to A who is neither caller, for the routes that change or remove a member. */
  async function addColleagueToA(world: World): Promise<void> {
    const colleague = await buildUser(runtime(), { organizationId: world.orgA.id });
    world.fixtures.colleagueId = colleague.id;
    world.secretsOfA.push(colleague.email);
  }

  /** A pending invitation of A, sent by the employee; its email is A's data. */
  async function inviteToA(world: World): Promise<void> {
    const { invitation, email } = await buildInvitation(runtime(), world.employee, world.orgA.id);
    world.fixtures.invitationId = invitation.id;
    world.secretsOfA.push(email);
  }

  async function readTeamOfA(world: World): Promise<{ members: { id: string; role: string }[]; invitations: { id: string; email: string }[] }> {
    const response = await call(runtime(), "/api/team", { as: world.memberA });
    expect(response.status).toBe(200);
    return response.json();
  }

  return {
    getTeam: {
      call: get("/api/team"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        const ids = (body as { members: { id: string }[] }).members.map((member) => member.id);
        expect(ids).toContain(world.memberA.id);
        expect(ids).not.toContain(world.memberB.id);
      },
    },
    inviteMember: {
      call: (caller, world) => {
        const email = `invitee-${caller.toLowerCase()}-${world.tag}@example.test`;
        world.secretsOfA.push(email);
        return { method: "POST", path: "/api/team/invitations", body: { email, role: "member_user" } };
      },
      expect: { ...MANAGE_TEAM, employeeNamingA: 201 },
      check: (_caller, body, world) => expect(body).toMatchObject({ email: `invitee-employeenaminga-${world.tag}@example.test` }),
      verify: async (world) => {
        const team = await readTeamOfA(world);
        expect(team.invitations.map((invitation) => invitation.email)).toEqual([`invitee-employeenaminga-${world.tag}@example.test`]);
      },
    },
    resendInvitation: {
      setup: inviteToA,
      call: (_caller, world) => ({ method: "POST", path: `/api/team/invitations/${fixture(world, "invitationId")}/resend` }),
      expect: MANAGE_TEAM,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "invitationId"), expired: false }),
    },
    revokeInvitation: {
      setup: inviteToA,
      call: (_caller, world) => ({ method: "DELETE", path: `/api/team/invitations/${fixture(world, "invitationId")}` }),
      expect: MANAGE_TEAM,
      verify: async (world) => expect((await readTeamOfA(world)).invitations).toEqual([]),
    },
    changeMemberRole: {
      setup: addColleagueToA,
      call: (_caller, world) => ({ method: "PATCH", path: `/api/team/members/${fixture(world, "colleagueId")}`, body: { role: "member_admin" } }),
      expect: MANAGE_TEAM,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "colleagueId"), role: "member_admin" }),
    },
    removeMember: {
      setup: addColleagueToA,
      call: (_caller, world) => ({ method: "DELETE", path: `/api/team/members/${fixture(world, "colleagueId")}` }),
      expect: MANAGE_TEAM,
      verify: async (world) => {
        const ids = (await readTeamOfA(world)).members.map((member) => member.id);
        expect(ids).toEqual([world.memberA.id]);
      },
    },
    lookupInvitation: {
      // The token is the credential and the answer names its organization: an invitation to a
      // third organization, so that nothing of A can appear.
      setup: async (world) => {
        const other = await buildOrganization(runtime());
        const { email, token } = await buildInvitation(runtime(), world.employee, other.id);
        Object.assign(world.fixtures, { lookupEmail: email, lookupToken: token });
      },
      call: (_caller, world) => ({ method: "POST", path: "/api/invitations/lookup", body: { token: fixture(world, "lookupToken") } }),
      expect: PUBLIC,
      check: (_caller, body, world) => expect(body).toMatchObject({ email: fixture(world, "lookupEmail") }),
    },
    acceptInvitation: {
      // One invitation to A per caller: whoever holds a link joins A through it, whatever session they have.
      setup: async (world) => {
        for (const caller of CALLERS) world.fixtures[`token:${caller}`] = (await buildInvitation(runtime(), world.employee, world.orgA.id)).token;
      },
      call: (caller, world) => {
        const password = "amber-glacier-notebook-19";
        const body = { token: fixture(world, `token:${caller}`), full_name: `Joined as ${caller}`, newPassword: password, confirmPassword: password };
        return { method: "POST", path: "/api/invitations/accept", body };
      },
      expect: PUBLIC,
      verify: async (world) => {
        const team = await readTeamOfA(world);
        expect(team.members).toHaveLength(1 + CALLERS.length);
        expect(team.invitations).toEqual([]);
      },
    },
  };
}
