import { z } from "zod";
import { MEMBER_ROLES } from "../domain/member-roles.ts";
import { defineRoute } from "./http.ts";
import { setPasswordSchema } from "./auth.ts";
import { currentUserSchema, fullNameSchema } from "./account.ts";

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

/**
 * What the invited person is told when their address already has an account (decision 030): the
 * inviter is never told, so the invitation is sent as to anyone else.
 */
export const EXISTING_ACCOUNT_MESSAGE =
  "This email already has a Member Portal account, and an account belongs to one organization. Sign in to keep using it; to move it to this organization, contact the provider's support team.";

export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: "Role must be Member User or Member Admin" });

export const inviteEmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "Email is required" })
  .max(254, { error: "Email must be at most 254 characters" })
  .pipe(z.email({ error: "Enter a valid email address" }));

/** A member as the team list shows them: their account's fields (not its organization) and the latest sign-in. */
export const teamMemberSchema = currentUserSchema.omit({ organization_id: true }).extend({
  /** ISO timestamp of the latest sign-in, null when never signed in. */
  last_sign_in_at: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.string(),
  sent_at: z.string(),
  expires_at: z.string(),
  /** Pending invitations past expires_at can be resent (a new link) or revoked. */
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
  /** Whether the caller may invite, change roles and remove members. */
  can_manage: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;

export const inviteMemberBodySchema = z.object({ email: inviteEmailSchema, role: memberRoleSchema });
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;

export const changeMemberRoleBodySchema = z.object({ role: memberRoleSchema });

const tag = "Team";

export const getTeamRoute = defineRoute({
  id: "getTeam",
  method: "get",
  path: "/api/team",
  summary: "The acting organization's members and pending invitations",
  tag,
  access: "organization",
  item: "team",
  response: teamSchema,
});

export const inviteMemberRoute = defineRoute({
  id: "inviteMember",
  method: "post",
  path: "/api/team/invitations",
  summary: "Invite someone by email (organization admins and employees)",
  tag,
  access: "organization",
  item: "team",
  body: inviteMemberBodySchema,
  response: invitationSchema,
  successStatus: 201,
});

export const resendInvitationRoute = defineRoute({
  id: "resendInvitation",
  method: "post",
  path: "/api/team/invitations/:invitationId/resend",
  summary: "Send a pending invitation again, with a new link",
  tag,
  access: "organization",
  item: "team",
  response: invitationSchema,
});

export const revokeInvitationRoute = defineRoute({
  id: "revokeInvitation",
  method: "delete",
  path: "/api/team/invitations/:invitationId",
  summary: "Revoke a pending invitation",
  tag,
  access: "organization",
  item: "team",
  response: z.object({ id: z.uuid() }),
});

export const changeMemberRoleRoute = defineRoute({
  id: "changeMemberRole",
  method: "patch",
  path: "/api/team/members/:memberId",
  summary: "Change a member's role",
  tag,
  access: "organization",
  item: "team",
  body: changeMemberRoleBodySchema,
  response: teamMemberSchema,
});

export const removeMemberRoute = defineRoute({
  id: "removeMember",
  method: "delete",
  path: "/api/team/members/:memberId",
  summary: "Remove a member: their account is closed and every session ended",
  tag,
  access: "organization",
  item: "team",
  response: z.object({ id: z.string() }),
});

/** Invitation links carry a token; the public screens look it up and accept it. */
export const invitationTokenSchema = z
  .string({ error: "The invitation link is incomplete" })
  .regex(/^[A-Za-z0-9_-]{32,128}$/, { error: "The invitation link is not valid" });

/**
 * Why an invitation cannot be accepted: the address already has an account (in any organization),
 * or is on the provider's staff-only domain. The link's holder learns it, the inviter never does
 * (decision 030).
 */
export const INVITATION_BLOCKERS = ["existing_account", "provider_staff_address"] as const;
export type InvitationBlocker = (typeof INVITATION_BLOCKERS)[number];

export const invitationPreviewSchema = z.object({
  email: z.string(),
  organization_name: z.string(),
  /** Null when the invitation can be accepted. */
  blocked_by: z.enum(INVITATION_BLOCKERS).nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const lookupInvitationRoute = defineRoute({
  id: "lookupInvitation",
  method: "post",
  path: "/api/invitations/lookup",
  summary: "Who an invitation link is for, and what keeps it from being accepted (404 when unknown, used, revoked or expired)",
  tag,
  access: "public",
  body: z.object({ token: invitationTokenSchema }),
  response: invitationPreviewSchema,
});

export const acceptInvitationBodySchema = z.intersection(
  z.object({ token: invitationTokenSchema, full_name: fullNameSchema }),
  setPasswordSchema,
);
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

export const acceptInvitationRoute = defineRoute({
  id: "acceptInvitation",
  method: "post",
  path: "/api/invitations/accept",
  summary: "Accept an invitation: set a password, join the organization and sign in (409 when the email already has an account)",
  tag,
  access: "public",
  body: acceptInvitationBodySchema,
  response: z.object({ email: z.string() }),
});
