import type { ConnectionConfig } from "./connection-config.ts";
import type { ConnectionTarget } from "./network-guard.ts";

/** What connecting to a customer's database needs, and what a successful test learns. */

export interface DatabaseSettings {
  host: string;
  port: number;
  database: string;
  username: string;
  password: string | undefined;
  useSsl: boolean;
}

export interface DatabaseProbe {
  /** Short, such as "PostgreSQL 15.19" or "MariaDB 10.11.19". */
  serverVersion: string;
  /** The readable tables, at most CONNECTION_TEST_MAX_TABLES, ordered by schema and name. */
  tables: { schema: string; name: string }[];
  tableCount: number;
}

/** Connects, reads the version and the tables, and always closes; driver errors are thrown as they are. */
export type DatabaseProber = (target: ConnectionTarget, settings: DatabaseSettings, timeoutMs: number) => Promise<DatabaseProbe>;

/** Settings from a configuration the database sources' schema has validated. */
export function readDatabaseSettings(config: ConnectionConfig): DatabaseSettings {
  return {
    host: String(config.host),
    port: Number(config.port),
    database: String(config.database),
    username: String(config.username),
    password: typeof config.password === "string" ? config.password : undefined,
    useSsl: config.use_ssl === true,
  };
}

/** Waits for `promise` at most `ms` (a close that never completes must not hold the answer). */
export async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise.catch(() => undefined), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
