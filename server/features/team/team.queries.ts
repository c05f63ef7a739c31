import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { invitations, profiles, users } from "#server/db/schema/index";
import type { InvitationLink } from "#server/auth/invitation-tokens";
import type { InvitationRow } from "#server/queries/invitations.queries";

export type ProfileRow = typeof profiles.$inferSelect;

const isPending = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

export function selectMembers(db: Queryable, organizationId: string): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.organizationId, organizationId))
    .orderBy(sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`, profiles.id);
}

/** Whether someone of the organization signs in with this email (any case). */
export async function selectIsMemberEmail(db: Queryable, organizationId: string, email: string): Promise<boolean> {
  const [member] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), sql`lower(${profiles.email}) = ${email.toLowerCase()}`));
  return member !== undefined;
}

export function selectPendingInvitations(db: Queryable, organizationId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), isPending))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export async function selectPendingInvitation(db: Queryable, organizationId: string, invitationId: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), isPending));
  return row;
}

/** Replaces a pending invitation's link; the old token stops working. */
export async function updateInvitationLink(
  db: Queryable,
  organizationId: string,
  invitationId: string,
  link: InvitationLink,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash: link.tokenHash, expiresAt: link.expiresAt, sentAt: link.sentAt })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), isPending))
    .returning();
  return row;
}

export async function updateInvitationRevoked(db: Queryable, organizationId: string, invitationId: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), isPending))
    .returning();
  return row;
}

/** Locks the member's profile row, so a concurrent role change or removal waits for this one. */
export async function selectMemberForUpdate(db: Queryable, organizationId: string, memberId: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.id, memberId)))
    .for("update");
  return row;
}

export async function updateMemberRole(db: Queryable, organizationId: string, memberId: string, role: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.id, memberId)))
    .returning();
  return row;
}

/** Deletes the member's user row; sessions, accounts and the profile go with it (foreign keys cascade). */
export async function deleteMemberUser(db: Queryable, organizationId: string, memberId: string): Promise<boolean> {
  const deleted = await db
    .delete(users)
    .where(
      and(
        eq(users.id, memberId),
        sql`exists (select 1 from ${profiles} where ${profiles.id} = ${users.id} and ${profiles.organizationId} = ${organizationId})`,
      ),
    )
    .returning({ id: users.id });
  return deleted.length > 0;
}
