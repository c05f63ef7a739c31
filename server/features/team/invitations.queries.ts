import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "#server/db/database";
import { invitations, organizations } from "#server/db/schema/index";

// The public invitation screens know a token, not an organization: these queries find the
// organization through the invitation the token's hash names.

const isValid = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), sql`${invitations.expiresAt} > now()`);

export interface ValidInvitation {
  id: string;
  organizationId: string;
  organizationName: string;
  email: string;
  role: string;
}

/** A pending, unexpired invitation by its token's hash. */
export async function selectValidInvitation(db: Queryable, tokenHash: string): Promise<ValidInvitation | undefined> {
  const [row] = await db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      organizationName: organizations.organizationName,
      email: invitations.email,
      role: invitations.role,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, tokenHash), isValid));
  return row;
}

/** Marks the invitation used, only if it is still valid (a concurrent accept or revoke wins). */
export async function updateInvitationAccepted(tx: Transaction, organizationId: string, invitationId: string): Promise<boolean> {
  const updated = await tx
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), isValid))
    .returning({ id: invitations.id });
  return updated.length > 0;
}
