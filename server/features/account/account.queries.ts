import { eq } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { profiles, users } from "#server/db/schema/index";

export async function updateProfileFields(db: Queryable, userId: string, fullName: string, companyRole: string | null): Promise<void> {
  await db.update(profiles).set({ fullName, companyRole, updatedAt: new Date() }).where(eq(profiles.id, userId));
}

/** Better Auth's display name follows the profile's full name. */
export async function updateAccountName(db: Queryable, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
}
