import { isIP } from "node:net";
import pg from "pg";
import { CONNECTION_TEST_MAX_TABLES } from "#common/contracts/data-connections";
import { type DatabaseProber, settleWithin } from "./database-probe.ts";

/** How long closing a tested connection may take before its socket is simply destroyed. */
const CLOSE_GRACE_MS = 1_000;

// Views count too: they are what a migration reads as much as tables.
const READABLE_TABLES_SQL = `
  select table_schema, table_name, count(*) over () as total
  from information_schema.tables
  where table_schema not in ('pg_catalog', 'information_schema')
    and has_table_privilege(format('%I.%I', table_schema, table_name), 'SELECT')
  order by table_schema, table_name
  limit $1`;

/** "PostgreSQL 15.19 (Debian …) on x86_64 …" → "PostgreSQL 15.19". */
export function shortPostgresVersion(version: string): string {
  const match = /^(\S+ \d+(?:\.\d+)*)/.exec(version);
  return match?.[1] ?? version.slice(0, 60);
}

/**
 * pg fills what its config leaves empty from the portal's environment, and "" counts as empty:
 * PGOPTIONS and PGREPLICATION would shape every test. Those two are cleared on the parameters pg
 * parsed; the others it reads from there are given explicitly below.
 */
function ignoreEnvironment(client: pg.Client): void {
  const parameters = (client as unknown as { connectionParameters?: Record<string, unknown> }).connectionParameters;
  if (!parameters) throw new Error("pg no longer keeps connectionParameters on its client");
  parameters.options = undefined;
  parameters.replication = undefined;
}

/**
 * Tests a PostgreSQL database: connects to the checked address, reads the version and the
 * tables the user may select from. Nothing of the portal's own settings leaks into the attempt:
 * the password is given as a function, so neither PGPASSWORD nor a .pgpass file is consulted,
 * and no other PG* variable applies (see ignoreEnvironment).
 */
export const probePostgres: DatabaseProber = async (target, settings, session) => {
  const client = new pg.Client({
    host: target.address,
    port: settings.port,
    user: settings.username,
    database: settings.database,
    password: () => settings.password ?? "",
    // Encrypts the connection as libpq's sslmode=require does: the form asks for encryption, and
    // it has no place for a CA to verify the certificate against. SNI still names the host.
    ssl: settings.useSsl ? { rejectUnauthorized: false, ...(isIP(target.host) ? {} : { servername: target.host }) } : false,
    sslnegotiation: "postgres",
    client_encoding: "UTF8",
    stream: () => session.openSocket(),
    connectionTimeoutMillis: session.timeoutMs,
    query_timeout: session.timeoutMs,
    statement_timeout: session.timeoutMs,
    application_name: "Member Portal connection test",
  });
  ignoreEnvironment(client);
  // A server that drops the connection after connect emits an error no query is waiting for.
  client.on("error", () => undefined);
  try {
    await client.connect();
    const version = await client.query<{ version: string }>("select version() as version");
    const tables = await client.query<{ table_schema: string; table_name: string; total: string }>(READABLE_TABLES_SQL, [CONNECTION_TEST_MAX_TABLES]);
    return {
      serverVersion: shortPostgresVersion(String(version.rows[0]?.version ?? "PostgreSQL")),
      tables: tables.rows.map((row) => ({ schema: String(row.table_schema), name: String(row.table_name) })),
      tableCount: Number(tables.rows[0]?.total ?? 0),
    };
  } finally {
    await settleWithin(client.end(), CLOSE_GRACE_MS);
  }
};
