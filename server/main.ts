import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { Logger } from "pino";
import type { PasswordHasher } from "./auth/auth.ts";
import { assertEncryptionKeyConfigured, buildConfig, parseEnv, type ServerConfig } from "./env.ts";
import { openDatabase } from "./db/open-database.ts";
import { announceDemoAccounts, seedDemoData } from "./db/seed/demo-data.ts";
import { removeStaleUploadFolders } from "./features/data-migration/migration-upload.service.ts";
import { ensureDefaultCurriculum } from "./features/curriculum/curriculum-seed.ts";
import { ensureDefaultCatalog } from "./features/pricing-catalog/catalog-seed.ts";
import { startNotificationScheduler } from "./features/notifications/notification-scheduler.ts";
import { createLogger } from "./lib/logger.ts";
import { createShutdownDrain } from "./lib/shutdown-drain.ts";
import { createRuntime, type Runtime } from "./runtime.ts";

export interface RunningServer {
  runtime: Runtime;
  url: string;
  /** Stops accepting, closes event streams, drains in-flight requests, closes the database. */
  shutdown(): Promise<void>;
}

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function listen(fetch: Runtime["app"]["fetch"], port: number, hostname: string): Promise<ReturnType<typeof serve>> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname });
    // Idle keep-alive connections stay open longer than clients and proxies keep theirs (Node's
    // 5 s default is shorter than most): otherwise a client reusing a connection as the server
    // closes it gets a reset (load balancers typically idle out at 60 s).
    if ("keepAliveTimeout" in server) {
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    }
    server.once("listening", () => resolve(server));
    server.once("error", reject);
  });
}

/** `logger` lets a test read what the server logs; `passwordHasher` lets a test harness hash at a lower cost. */
export async function startServer(
  config: ServerConfig,
  options: { logger?: Logger; passwordHasher?: PasswordHasher } = {},
): Promise<RunningServer> {
  const { env } = config;
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const database = await openDatabase(
    { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: env.PG_POOL_MAX },
    logger,
  );
  const runtime = await createRuntime(config, database, logger, {
    webDistDir: env.WEB_DIST_DIR,
    passwordHasher: options.passwordHasher,
  }).catch(async (error) => {
    await database.close();
    throw error;
  });
  let server: ReturnType<typeof serve>;
  const drain = createShutdownDrain(runtime.app.fetch);
  try {
    const catalogRows = await ensureDefaultCatalog(database.db);
    if (catalogRows > 0) logger.info({ rows: catalogRows }, "loaded the default pricing catalog");
    if (await ensureDefaultCurriculum(database.db)) logger.info("loaded the default launch-plan curriculum");
    const staleUploads = await removeStaleUploadFolders();
    if (staleUploads > 0) logger.info({ folders: staleUploads }, "removed temporary upload folders an earlier run left behind");
    if (config.demo) {
      if (await seedDemoData(runtime)) logger.info("seeded the demo organization and accounts");
      await announceDemoAccounts(runtime, config.publicUrl, logger);
    }
    server = await listen(drain.fetch, env.PORT, env.HOST);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  logger.info({ url, database: database.engine }, "Member Portal is listening");
  // Daily digests and unsent emails: every instance ticks, the database decides who runs what.
  const scheduler = startNotificationScheduler(runtime.notifications);

  let stopping: Promise<void> | undefined;
  const shutdown = () =>
    (stopping ??= (async () => {
      logger.info({ inFlight: runtime.inFlight.size }, "shutting down: draining in-flight requests");
      // New requests are refused and every answer closes its connection; idle ones close now.
      drain.start();
      const schedulerStopped = scheduler.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      await runtime.hub.stop(); // ends open event streams so the server can close
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), env.SHUTDOWN_TIMEOUT_MS)));
      // Requests still running (even for clients that left) finish before the database closes.
      const ended = await Promise.race([Promise.all([closed, runtime.inFlight.whenIdle(), schedulerStopped]), timeout]);
      clearTimeout(timer);
      if (ended === "timeout") {
        logger.warn({ inFlight: runtime.inFlight.size }, "shutdown timeout: connections cut off");
        if ("closeAllConnections" in server) server.closeAllConnections();
        // Requests whose clients were cut may still be finishing a query: a moment more for them.
        await Promise.race([runtime.inFlight.whenIdle(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
      }
      await database.close();
      logger.info("stopped");
    })());
  return { runtime, url, shutdown };
}

async function main() {
  let config: ServerConfig;
  try {
    config = buildConfig(parseEnv());
    assertEncryptionKeyConfigured(config);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  try {
    const running = await startServer(config);
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        void running.shutdown().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  } catch (error) {
    process.stderr.write(`Member Portal could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
