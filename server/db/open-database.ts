import type { Logger } from "pino";
import type { DatabaseHandle } from "./database.ts";
import { openPgliteDatabase } from "./open-pglite.ts";
import { openPostgresDatabase } from "./open-postgres.ts";

export interface DatabaseSettings {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax: number;
}

/** PostgreSQL when a DATABASE_URL is given, otherwise the embedded database in DATA_DIR; migrated. */
export async function openDatabase(settings: DatabaseSettings, logger: Logger): Promise<DatabaseHandle> {
  const handle = settings.databaseUrl
    ? openPostgresDatabase(settings.databaseUrl, settings.poolMax, logger)
    : await openPgliteDatabase(settings.dataDir, logger);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
