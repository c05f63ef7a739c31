import { eq } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { profiles } from "#server/db/schema/index";

/** Records when the user last signed in; the sign-in hook knows the user, not an organization. */
export async function updateLastSignIn(db: Queryable, userId: string, signedInAt: Date): Promise<void> {
  await db.update(profiles).set({ lastSignInAt: signedInAt }).where(eq(profiles.id, userId));
}
