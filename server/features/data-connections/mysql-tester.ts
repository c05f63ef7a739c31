import mysql, { type RowDataPacket } from "mysql2";
import { CONNECTION_TEST_MAX_TABLES } from "#common/contracts/data-connections";
import type { DatabaseProber } from "./database-probe.ts";

/** "10.11.19-MariaDB-0+deb12u1" → "MariaDB 10.11.19"; "8.0.36" → "MySQL 8.0.36". */
export function shortMysqlVersion(version: string): string {
  const number = /^\d+(?:\.\d+)*/.exec(version)?.[0];
  if (!number) return version.slice(0, 60);
  return `${/mariadb/i.test(version) ? "MariaDB" : "MySQL"} ${number}`;
}

/**
 * Tests a MySQL or MariaDB database: connects to the checked address, reads the version and the
 * tables of the database (information_schema lists only those the user has rights on). Two
 * statements rather than a window function, so MySQL 5.7 answers too.
 */
export const probeMysql: DatabaseProber = async (target, settings, session) => {
  const { timeoutMs } = session;
  const socket = session.openSocket();
  const connection = mysql.createConnection({
    // The name given, for TLS's server name; the socket below goes to the checked address.
    host: target.host,
    port: settings.port,
    user: settings.username,
    password: settings.password ?? "",
    database: settings.database,
    connectTimeout: timeoutMs,
    // Encrypts without verifying the certificate (the form has no place for a CA), as
    // PostgreSQL's sslmode=require does.
    ssl: settings.useSsl ? { rejectUnauthorized: false } : undefined,
    stream: () => socket.connect(settings.port, target.address),
    multipleStatements: false,
  });
  const connected = new Promise<void>((resolve, reject) => {
    connection.once("connect", () => resolve());
    connection.once("error", reject);
  });
  // Errors after the outcome is known (the server hanging up) have nobody waiting for them.
  connection.on("error", () => undefined);
  try {
    await connected;
    const session = connection.promise();
    const [versionRows] = await session.query<RowDataPacket[]>({ sql: "select version() as version", timeout: timeoutMs });
    const [countRows] = await session.query<RowDataPacket[]>({
      sql: "select count(*) as total from information_schema.tables where table_schema = database()",
      timeout: timeoutMs,
    });
    const [tableRows] = await session.query<RowDataPacket[]>({
      sql: `select table_schema as table_schema, table_name as table_name from information_schema.tables
        where table_schema = database() order by table_name limit ?`,
      values: [CONNECTION_TEST_MAX_TABLES],
      timeout: timeoutMs,
    });
    return {
      serverVersion: shortMysqlVersion(String(versionRows[0]?.version ?? "MySQL")),
      tables: tableRows.map((row) => ({ schema: String(row.table_schema), name: String(row.table_name) })),
      tableCount: Number(countRows[0]?.total ?? 0),
    };
  } finally {
    connection.destroy();
    socket.destroy();
  }
};
