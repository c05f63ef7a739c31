import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.ts";

/** The Drizzle database, whichever engine is underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle; services that write take it so events publish with the commit. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Something queries can run on: the database itself or an open transaction. */
export type Queryable = Database | Transaction;

export type DatabaseEngine = "pglite" | "postgres";

/** Receives NOTIFY payloads of one channel, with the engine's own mechanism. */
export interface NotificationSource {
  /** Starts listening; `onReconnect` runs after the connection was lost and listening resumed. */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect: () => void): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseHandle {
  engine: DatabaseEngine;
  db: Database;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  createNotificationSource(): NotificationSource;
  close(): Promise<void>;
}
