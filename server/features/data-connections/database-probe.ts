import { CONNECTION_TEST_MAX_TABLES } from "#common/contracts/data-connections";
import type { ConnectionConfig } from "./connection-config.ts";
import type { ConnectionTarget } from "./network-guard.ts";
import type { ProbeSocket } from "./probe-socket.ts";

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

/** What one test gives the driver: its bounds, and the socket to use. */
export interface ProbeSession {
  /** For the drivers' own timeouts; the deadline behind `signal` ends the test in any case. */
  timeoutMs: number;
  /** Aborted at the deadline or when the server sends too much; the sockets close with it. */
  signal: AbortSignal;
  /** A socket to give the driver (its connect() goes to the checked address). */
  openSocket(): ProbeSocket;
}

/** Connects, reads the version and the tables, and always closes; driver errors are thrown as they are. */
export type DatabaseProber = (target: ConnectionTarget, settings: DatabaseSettings, session: ProbeSession) => Promise<DatabaseProbe>;

/** Longest schema, table name or version a test reports. */
const PROBE_TEXT_MAX = 200;

const cut = (text: string) => (text.length > PROBE_TEXT_MAX ? text.slice(0, PROBE_TEXT_MAX) : text);

/** A probe's findings within bounds, whatever the server answered: the answer is shown and stored. */
export function boundProbe(probe: DatabaseProbe): DatabaseProbe {
  const tables = probe.tables.slice(0, CONNECTION_TEST_MAX_TABLES).map((table) => ({ schema: cut(table.schema), name: cut(table.name) }));
  const counted = Number.isSafeInteger(probe.tableCount) && probe.tableCount >= 0 ? probe.tableCount : 0;
  return { serverVersion: cut(probe.serverVersion), tables, tableCount: Math.max(counted, tables.length) };
}

/**
 * `work`, or the signal's reason as soon as it is aborted. The work is left to settle on its own
 * (its sockets close with the signal); nothing waits for it any more.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

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
