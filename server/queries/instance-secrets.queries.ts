import { eq } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { instanceSecrets } from "#server/db/schema/index";

// Secrets generated on first start and kept in the database, so every instance on one database
// shares them: the auth secret and the embedded demo's data encryption key.

/** Stores `value` under `name` unless a value is stored already (the first start wins). */
export async function insertInstanceSecretIfMissing(db: Queryable, name: string, value: string): Promise<void> {
  await db.insert(instanceSecrets).values({ name, value }).onConflictDoNothing();
}

export async function selectInstanceSecret(db: Queryable, name: string): Promise<string | undefined> {
  const [row] = await db.select({ value: instanceSecrets.value }).from(instanceSecrets).where(eq(instanceSecrets.name, name));
  return row?.value;
}
