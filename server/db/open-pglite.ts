import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "pino";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "./migrate.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import type { Database, DatabaseHandle, NotificationSource } from "./database.ts";
import * as schema from "./schema/index.ts";

/** Wraps an open PGlite instance; `release` runs after it closes (e.g. to unlock its folder). */
export function wrapPglite(client: PGlite, release: () => Promise<void> = async () => {}): DatabaseHandle {
  const pgliteDb = drizzle(client, { schema });
  const db = pgliteDb as unknown as Database;
  return {
    engine: "pglite",
    db,
    migrate: () => migrate(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    createNotificationSource: (): NotificationSource => {
      let unlisten: (() => Promise<void>) | undefined;
      return {
        // In-process: PGlite delivers NOTIFY to its own listeners when the transaction commits.
        listen: async (channel, onPayload) => {
          unlisten = await client.listen(channel, onPayload);
        },
        close: async () => {
          if (!client.closed) await unlisten?.();
        },
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      await release();
    },
  };
}

/** Opens (creating when missing) the embedded database persisted in `dataDir`, locked to this process. */
export async function openPgliteDatabase(dataDir: string, logger?: Logger): Promise<DatabaseHandle> {
  const unlock = await lockDataDir(dataDir, {
    onStaleLockTaken: (previous) =>
      logger?.warn({ previousOwner: previous }, "the embedded database's lock was left by a process that is gone: taken over"),
  });
  try {
    const client = await PGlite.create(dataDir);
    return wrapPglite(client, unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** An in-memory PGlite, optionally loaded from a dumped data directory (tests). */
export async function openMemoryPglite(snapshot?: Blob): Promise<DatabaseHandle> {
  const client = await PGlite.create(snapshot ? { loadDataDir: snapshot } : {});
  return wrapPglite(client);
}

/**
 * A freshly migrated embedded database, dumped: tests load it instead of migrating each time.
 * `prepare` loads what every test expects there (the default catalog and curriculum).
 */
export async function dumpMigratedPglite(prepare?: (database: DatabaseHandle) => Promise<void>): Promise<Blob> {
  const client = await PGlite.create();
  try {
    const database = wrapPglite(client);
    await database.migrate();
    await prepare?.(database);
    return await client.dumpDataDir("gzip");
  } finally {
    await client.close();
  }
}
