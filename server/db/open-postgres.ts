import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER } from "./migrate.ts";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import type { Database, DatabaseHandle, NotificationSource } from "./database.ts";
import * as schema from "./schema/index.ts";

const LISTEN_RETRY_MAX_MS = 10_000;

export function openPostgresDatabase(connectionString: string, poolMax: number, logger: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolMax, connectionTimeoutMillis: 10_000 });
  // An idle client's error (e.g. the server restarted) must not crash the process; the pool
  // drops that client and opens a new one on the next query.
  pool.on("error", (error) => logger.warn({ err: error }, "idle PostgreSQL connection failed"));
  // A client checked out of the pool has no listener of the pool's: without one of its own, its
  // connection dying mid-query (a restart) is an unhandled 'error' event that ends the process.
  // The query in progress rejects either way, the request answers 503, and the pool drops the
  // broken client when it is released.
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection in use failed"));
  });
  const db = drizzle(pool, { schema }) as unknown as Database;
  return {
    engine: "postgres",
    db,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    createNotificationSource: () => createListenConnection(connectionString, logger),
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * LISTEN needs a connection of its own that stays open. When it is lost it is re-opened with
 * growing delays and re-LISTENed; `onReconnect` lets the caller catch up on what it missed.
 */
function createListenConnection(connectionString: string, logger: Logger): NotificationSource {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(channel: string, onPayload: (payload: string) => void, onReconnect: () => void, attempt: number) {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    let abandoned = false;
    let established = false;
    const retry = (error: unknown) => {
      if (closed || abandoned) return;
      abandoned = true;
      if (client === next) client = undefined;
      next.removeAllListeners("error");
      next.on("error", () => {});
      void next.end().catch(() => {});
      // After a connection that worked, the delays start small again.
      const nextAttempt = established ? 1 : attempt + 1;
      const delay = Math.min(LISTEN_RETRY_MAX_MS, 250 * 2 ** (nextAttempt - 1));
      logger.warn({ err: error, delayMs: delay }, "realtime LISTEN connection lost; reconnecting");
      retryTimer = setTimeout(() => {
        void connect(channel, onPayload, onReconnect, nextAttempt).catch(() => {});
      }, delay);
    };
    next.on("error", retry);
    next.on("end", () => retry(new Error("connection ended")));
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      if (attempt === 0) {
        // At start-up a failure is reported to the caller rather than retried in the background.
        abandoned = true;
        void next.end().catch(() => {});
        throw error;
      }
      retry(error);
      return;
    }
    if (closed) {
      // close() ran while this connection was being opened.
      abandoned = true;
      void next.end().catch(() => {});
      return;
    }
    client = next;
    established = true;
    if (attempt > 0) {
      logger.info("realtime LISTEN connection restored");
      onReconnect();
    }
  }

  return {
    listen: (channel, onPayload, onReconnect) => connect(channel, onPayload, onReconnect, 0),
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
