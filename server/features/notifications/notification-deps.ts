import { randomBytes, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Logger } from "pino";
import type { Database } from "#server/db/database";
import type { Mailer } from "#server/mail/mailer";
import { insertInstanceSecretIfMissing, selectInstanceSecret } from "#server/queries/instance-secrets.queries";

/** What the notifier, the routes, the emails and the scheduled jobs share. */
export interface NotificationDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** The portal's address, without a trailing slash: emails link to it. */
  publicUrl: string;
  /** The local hour (0–23) from which an organization's daily digest goes out. */
  digestHour: number;
  /** Names this process in the job runs it claims (for operators reading scheduled_job_runs). */
  instanceId: string;
  /** Signs unsubscribe links. */
  unsubscribeKey: Buffer;
  /** The provider administrator's address: new help requests reach them unless they opt out. */
  providerAdminEmail: string | null;
}

const UNSUBSCRIBE_KEY_NAME = "notification_unsubscribe_key";

/**
 * Loads the unsubscribe links' signing key, generated on first start and kept in the database, so
 * every instance on it signs and checks the same links, and links survive restarts.
 */
export async function createNotificationDeps(
  db: Database,
  mailer: Mailer,
  logger: Logger,
  settings: { publicUrl: string; digestHour: number; providerAdminEmail: string | null },
): Promise<NotificationDeps> {
  await insertInstanceSecretIfMissing(db, UNSUBSCRIBE_KEY_NAME, randomBytes(32).toString("hex"));
  const key = await selectInstanceSecret(db, UNSUBSCRIBE_KEY_NAME);
  if (!key) throw new Error("Could not read or create the unsubscribe links' signing key");
  return {
    db,
    mailer,
    logger,
    publicUrl: settings.publicUrl,
    digestHour: settings.digestHour,
    instanceId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    unsubscribeKey: Buffer.from(key, "hex"),
    providerAdminEmail: settings.providerAdminEmail,
  };
}
