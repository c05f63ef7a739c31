import type { Logger } from "pino";
import type { Team, TeamMember } from "#common/contracts/team";
import { type MemberRole, canManageTeam } from "#common/domain/member-roles";
import { presentInvitation } from "#server/auth/invitation-tokens";
import type { Database, Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import {
  type ProfileRow,
  deleteMemberUser,
  selectMemberForUpdate,
  selectMembers,
  selectPendingInvitations,
  updateMemberRole,
} from "./team.queries.ts";

export function presentTeamMember(row: ProfileRow): TeamMember {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    company_role: row.companyRole,
    role: row.role,
    is_employee: row.isEmployee,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** Inviting, changing roles and removing members: organization admins and employees only. */
export function assertCanManageTeam(caller: Caller): void {
  if (!canManageTeam(caller)) throw new AppError("forbidden", "Only organization admins and employees can manage the team");
}

export async function getTeam(db: Database, organizationId: string, caller: Caller): Promise<Team> {
  const [members, invitations] = await Promise.all([selectMembers(db, organizationId), selectPendingInvitations(db, organizationId)]);
  const now = new Date();
  return {
    members: members.map(presentTeamMember),
    invitations: invitations.map((row) => presentInvitation(row, now)),
    can_manage: canManageTeam(caller),
  };
}

/**
 * The member another member of the team may act on: in the organization (404 otherwise, the
 * same answer as an unknown id) and, when an employee, only by an employee.
 */
async function lockManageableMember(tx: Transaction, organizationId: string, caller: Caller, memberId: string): Promise<ProfileRow> {
  const member = await selectMemberForUpdate(tx, organizationId, memberId);
  if (!member) throw new AppError("not_found", "Member not found");
  if (member.isEmployee && !caller.isEmployee) {
    throw new AppError("forbidden", "Only provider employees can change an employee's account");
  }
  return member;
}

/** Changes a member's role; the member's own screens refresh their rights (claimsRefreshed). */
export async function changeMemberRole(
  db: Database,
  organizationId: string,
  caller: Caller,
  memberId: string,
  role: MemberRole,
): Promise<TeamMember> {
  assertCanManageTeam(caller);
  if (memberId === caller.userId) throw new AppError("conflict", "You can't change your own role");
  return db.transaction(async (tx) => {
    await lockManageableMember(tx, organizationId, caller, memberId);
    const updated = await updateMemberRole(tx, organizationId, memberId, role);
    if (!updated) throw new AppError("not_found", "Member not found");
    await publishEvent(tx, organizationId, { type: "teamChanged", organizationId });
    await publishEvent(tx, organizationId, { type: "claimsRefreshed", organizationId, userId: memberId });
    return presentTeamMember(updated);
  });
}

/**
 * Removes a member by closing their account: the user row goes, and with it their sessions, so
 * the session reader refuses their cookie on the very next request.
 */
export async function removeMember(
  db: Database,
  organizationId: string,
  caller: Caller,
  memberId: string,
  logger: Logger,
): Promise<{ id: string }> {
  assertCanManageTeam(caller);
  if (memberId === caller.userId) throw new AppError("conflict", "You can't remove yourself");
  await db.transaction(async (tx) => {
    await lockManageableMember(tx, organizationId, caller, memberId);
    if (!(await deleteMemberUser(tx, organizationId, memberId))) throw new AppError("not_found", "Member not found");
    await publishEvent(tx, organizationId, { type: "teamChanged", organizationId });
  });
  logger.info({ event: "auth.member_removed", organizationId, userId: memberId, removedBy: caller.userId }, "team: member removed");
  return { id: memberId };
}
