import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "#server/db/database";
import { invitations } from "#server/db/schema/index";

// Invitations are issued by two features (a team inviting, an employee creating an organization
// with its first member) through server/auth/invitation-tokens.ts; these are its statements.

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitationRow = typeof invitations.$inferInsert;

/** Whether the organization has a pending (neither accepted nor revoked) invitation to this email. */
export async function selectHasPendingInvitation(db: Queryable, organizationId: string, email: string): Promise<boolean> {
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
  return pending !== undefined;
}

/** A second pending invitation to one email fails on the pending-email unique index (23505). */
export async function insertInvitation(tx: Transaction, values: NewInvitationRow): Promise<InvitationRow> {
  const [row] = await tx.insert(invitations).values(values).returning();
  if (!row) throw new Error("invitation was not inserted");
  return row;
}
