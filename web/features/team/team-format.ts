import type { TeamMember } from "#common/contracts/team";
import { humanizeRole } from "#common/domain/company-roles";
import { ApiError } from "#web/lib/api-client.ts";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A timestamp in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** How the page names a member: their full name, else their email. */
export function memberName(member: TeamMember): string {
  return member.full_name?.trim() || member.email;
}

/** Spec §6: the role shown humanised; employees are shown as such. */
export function memberRoleLabel(member: Pick<TeamMember, "role" | "is_employee">): string {
  return member.is_employee ? "Employee" : humanizeRole(member.role);
}

/** The server's message for a failed action, or a generic one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
