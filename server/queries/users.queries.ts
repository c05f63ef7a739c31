import { sql } from "drizzle-orm";
import type { Queryable, Transaction } from "#server/db/database";
import { accounts, profiles, users } from "#server/db/schema/index";

// Users are created by an operator or an employee (the users feature) and by accepting an
// invitation (the team feature); both write the same three rows.

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  organizationId: string | null;
  isEmployee: boolean;
  fullName: string | null;
  companyRole: string | null;
  role: string;
}

/** The user, their password sign-in account and their profile, inside the caller's transaction. */
export async function insertUserWithProfile(tx: Transaction, user: UserRecord, accountId: string): Promise<void> {
  await tx.insert(users).values({ id: user.id, email: user.email, name: user.name, emailVerified: true });
  await tx
    .insert(accounts)
    .values({ id: accountId, userId: user.id, accountId: user.id, providerId: "credential", password: user.passwordHash });
  await tx.insert(profiles).values({
    id: user.id,
    email: user.email,
    organizationId: user.organizationId,
    isEmployee: user.isEmployee,
    role: user.role,
    fullName: user.fullName,
    companyRole: user.companyRole,
  });
}

/** Whether anyone, in any organization, already signs in with this email. */
export async function selectEmailHasAccount(db: Queryable, email: string): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return existing !== undefined;
}

export interface ProfileRoleRow {
  id: string;
  email: string;
  isEmployee: boolean;
  organizationId: string | null;
  role: string;
}

/** The profile of whoever signs in with this email (any case), or undefined. */
export async function selectProfileByEmail(db: Queryable, email: string): Promise<ProfileRoleRow | undefined> {
  const [row] = await db
    .select({ id: profiles.id, email: profiles.email, isEmployee: profiles.isEmployee, organizationId: profiles.organizationId, role: profiles.role })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function updateProfileRole(db: Queryable, profileId: string, role: string): Promise<void> {
  await db.update(profiles).set({ role, updatedAt: new Date() }).where(sql`${profiles.id} = ${profileId}`);
}
