import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { Database } from "#server/db/database";
import { MISSING_ENCRYPTION_KEY_MESSAGE, type DataConnectionSettings } from "#server/env";
import { insertInstanceSecretIfMissing, selectInstanceSecret } from "#server/queries/instance-secrets.queries";
import { type SecretBox, createSecretBox } from "./secret-box.ts";

const GENERATED_KEY_NAME = "data_encryption_key";

/**
 * The secret box for data-connection credentials: DATA_ENCRYPTION_KEY when set. The embedded demo
 * alone may run without one: a key is generated on first start and kept in the database, which
 * protects nothing against someone holding the data folder, so the log says to set one.
 */
export async function resolveSecretBox(db: Database, settings: DataConnectionSettings, logger: Logger): Promise<SecretBox> {
  if (settings.encryptionKey) return createSecretBox(settings.encryptionKey, settings.previousEncryptionKeys);
  if (!settings.generateKeyWhenMissing) throw new Error(MISSING_ENCRYPTION_KEY_MESSAGE);
  await insertInstanceSecretIfMissing(db, GENERATED_KEY_NAME, randomBytes(32).toString("hex"));
  const key = await selectInstanceSecret(db, GENERATED_KEY_NAME);
  if (!key) throw new Error("Could not read or create the data encryption key");
  logger.warn("data-connection secrets are encrypted with a key generated for the embedded demo and kept in its database; set DATA_ENCRYPTION_KEY for real use");
  return createSecretBox(Buffer.from(key, "hex"), settings.previousEncryptionKeys);
}
