import type { Hono } from "hono";
import type { Logger } from "pino";
import type { Auth, PasswordHasher } from "./auth/auth.ts";
import { configureAuth } from "./auth/configure-auth.ts";
import { createSessionReader } from "./auth/session-reader.ts";
import { createApp } from "./app.ts";
import { resolveSecretBox } from "./crypto/encryption-keys.ts";
import type { SecretBox } from "./crypto/secret-box.ts";
import type { DatabaseHandle } from "./db/database.ts";
import type { ServerConfig } from "./env.ts";
import { createActivityNotifier } from "./features/notifications/activity-notifier.service.ts";
import { type NotificationDeps, createNotificationDeps } from "./features/notifications/notification-deps.ts";
import type { AppEnv } from "./lib/app-context.ts";
import { InFlightRequests } from "./lib/in-flight.ts";
import { type Metrics, createMetrics } from "./lib/metrics.ts";
import { type Mailer, createMailer } from "./mail/mailer.ts";
import { RealtimeHub } from "./realtime/realtime-hub.ts";
import { type Storage, buildStorageSettings, createStorage } from "./storage/storage.ts";

/** Everything a running portal holds, built on an open (and migrated) database. */
export interface Runtime {
  config: ServerConfig;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  /** Encrypts data-connection secrets. */
  secretBox: SecretBox;
  /** What the notification centre, its emails and its scheduled jobs run with. */
  notifications: NotificationDeps;
  hub: RealtimeHub;
  metrics: Metrics;
  logger: Logger;
  inFlight: InFlightRequests;
  app: Hono<AppEnv>;
  /** Stops realtime, closes the mailer, storage and database. */
  close(): Promise<void>;
}

export async function createRuntime(
  config: ServerConfig,
  database: DatabaseHandle,
  logger: Logger,
  options: { webDistDir?: string; mailer?: Mailer; passwordHasher?: PasswordHasher } = {},
): Promise<Runtime> {
  const metrics = createMetrics();
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.env.SMTP_URL, from: config.env.MAIL_FROM }, database.db, logger);
  const { auth, secret } = await configureAuth(config, database.db, mailer, logger, options.passwordHasher);
  const sessionReader = await createSessionReader(database.db, secret, auth);
  const storage = createStorage(buildStorageSettings(config, secret), logger);
  const secretBox = await resolveSecretBox(database.db, config.dataConnections, logger);
  const notifications = await createNotificationDeps(database.db, mailer, logger, {
    publicUrl: config.publicUrl,
    digestHour: config.env.NOTIFICATION_DIGEST_HOUR,
    providerAdminEmail: config.access.providerAdminEmail,
  });
  const hub = new RealtimeHub(database.db, database.createNotificationSource(), {
    retentionHours: config.env.REALTIME_RETENTION_HOURS,
    logger,
    metrics,
  });
  await hub.start();
  const inFlight = new InFlightRequests();
  const notifier = createActivityNotifier(notifications);
  const app = createApp({
    config,
    database,
    auth,
    mailer,
    storage,
    secretBox,
    notifications,
    notifier,
    sessionReader,
    hub,
    logger,
    metrics,
    inFlight,
    webDistDir: options.webDistDir,
  });
  return {
    config,
    database,
    auth,
    mailer,
    storage,
    secretBox,
    notifications,
    hub,
    metrics,
    logger,
    inFlight,
    app,
    close: async () => {
      await hub.stop();
      await mailer.close();
      await storage.close();
      await database.close();
    },
  };
}
