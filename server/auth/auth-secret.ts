import { randomBytes } from "node:crypto";
import type { Database } from "#server/db/database";
import { insertInstanceSecretIfMissing, selectInstanceSecret } from "#server/queries/instance-secrets.queries";

const AUTH_SECRET_NAME = "auth_secret";

/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET when set, otherwise one generated on
 * first start and kept in the database, so every instance on one database shares it.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await insertInstanceSecretIfMissing(db, AUTH_SECRET_NAME, randomBytes(48).toString("base64url"));
  const secret = await selectInstanceSecret(db, AUTH_SECRET_NAME);
  if (!secret) throw new Error("Could not read or create the auth secret");
  return secret;
}
