import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/database";
import { instanceSecrets } from "#server/db/schema/index";

const AUTH_SECRET_NAME = "auth_secret";

/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET when set, otherwise one generated on
 * first start and kept in the database, so every instance on one database shares it.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(instanceSecrets)
    .values({ name: AUTH_SECRET_NAME, value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, AUTH_SECRET_NAME));
  if (!row) throw new Error("Could not read or create the auth secret");
  return row.value;
}
