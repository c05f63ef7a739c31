import type { TeamMember } from "#common/contracts/team";
import { humanizeRole } from "#common/domain/company-roles";

/** How the page names a member: their full name, else their email. */
export function memberName(member: TeamMember): string {
  return member.full_name?.trim() || member.email;
}

/** Spec §6: the role shown humanised; employees are shown as such. */
export function memberRoleLabel(member: Pick<TeamMember, "role" | "is_employee">): string {
  return member.is_employee ? "Employee" : humanizeRole(member.role);
}

