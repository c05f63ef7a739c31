/** The roles a member holds in their organization (profiles.role; spec §6). */
export const MEMBER_ROLES = ["member_user", "member_admin"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const DEFAULT_MEMBER_ROLE: MemberRole = "member_user";

/** Who may invite, change roles and remove members: the organization's admins and provider employees. */
export function canManageTeam(user: { isEmployee: boolean; role: string }): boolean {
  return user.isEmployee || user.role === "member_admin";
}
