import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import mysql from "mysql2/promise";
import pg from "pg";
import type { CreateConnectionResult, DataConnection } from "#common/contracts/data-connections";
import type { DataSourceId } from "#common/domain/data-sources";
import { dataConnections } from "#server/db/schema/index";
import { createLogger } from "#server/lib/logger";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, call } from "./factories.ts";
import { signNdaOk } from "./onboarding-test-kit.ts";
import { createTestRuntime, uniqueSuffix } from "./test-runtime.ts";

/** Helpers of the data-connection tests: organizations past the NDA, sample details, scratch databases. */

/** An organization whose member has signed the NDA (data setup is gated by it). */
export async function buildSignedOrganization(runtime: Runtime) {
  const built = await buildMemberOrganization(runtime);
  await signNdaOk(runtime, built.member);
  return built;
}

/** Valid details of each hosted source; secrets are recognisable so tests can look for them. */
export function hostedConfig(sourceId: DataSourceId, secret = `secret-${uniqueSuffix()}`): Record<string, unknown> {
  switch (sourceId) {
    case "quickbooks-online":
      return { company_id: "123146096291789", client_id: "ABcd1234", client_secret: secret, environment: "sandbox" };
    case "quickbooks-desktop":
      return { company_file: "C:\\Company.QBW", web_connector_username: "qbwc", web_connector_password: secret };
    case "sage-50":
      return { company_name: "Acme", data_path: "\\\\server\\Sage\\ACME", username: "peach", password: secret };
    case "sage-intacct":
      return { company_id: "acme", user_id: "xml_gateway", user_password: secret, sender_id: "acme-sender", sender_password: `${secret}-sender` };
    case "xero":
      return { tenant_id: "6e0f1c2a-5b3d-4c7e-9a8b-1d2e3f4a5b6c", client_id: "xero-client", client_secret: secret };
    case "netsuite":
      return { account_id: "1234567_SB1", consumer_key: "ck", consumer_secret: secret, token_id: "tid", token_secret: `${secret}-token` };
    case "dynamics-gp":
      return { server: "GPSQL01\\DYNGP", company_database: "TWO", username: "sa", password: secret };
    default:
      throw new Error(`${sourceId} is not a hosted source`);
  }
}

export function createConnection(runtime: Runtime, as: TestUser, body: unknown, org?: string): Promise<Response> {
  return call(runtime, "/api/data-connections", { method: "POST", as, org, body });
}

/** Creates a connection and expects a new one (201). */
export async function createConnectionOk(runtime: Runtime, as: TestUser, body: unknown, org?: string): Promise<DataConnection> {
  const response = await createConnection(runtime, as, body, org);
  expect(response.status, await response.clone().text()).toBe(201);
  const result: CreateConnectionResult = await response.json();
  expect(result.created).toBe(true);
  return result.connection;
}

export function updateConnection(runtime: Runtime, as: TestUser, connectionId: string, body: unknown): Promise<Response> {
  return call(runtime, `/api/data-connections/${connectionId}`, { method: "PUT", as, body });
}

export function testConnectionDetails(runtime: Runtime, as: TestUser, body: unknown): Promise<Response> {
  return call(runtime, "/api/data-connections/test", { method: "POST", as, body });
}

/** connection_config exactly as stored, as text. */
export async function readStoredConfigText(runtime: Runtime, connectionId: string): Promise<string> {
  const [row] = await runtime.database.db
    .select({ text: sql<string>`${dataConnections.connectionConfig}::text` })
    .from(dataConnections)
    .where(eq(dataConnections.id, connectionId));
  if (!row) throw new Error(`no connection ${connectionId}`);
  return row.text;
}

export async function readStoredConfig(runtime: Runtime, connectionId: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readStoredConfigText(runtime, connectionId));
}

// ---- A runtime whose logs are kept ----

/**
 * A runtime like createTestRuntime's whose logger keeps every line from level trace up; lines of
 * level error still go to console.error, so an unexpected server error fails the test.
 */
export async function createLoggedTestRuntime(overrides: Record<string, string> = {}): Promise<{ runtime: Runtime; lines: string[] }> {
  const lines: string[] = [];
  const logger = createLogger("trace", {
    write: (line: string) => {
      lines.push(line);
      if ((JSON.parse(line) as { level: number }).level >= 50) console.error(line.trimEnd());
    },
  });
  return { runtime: await createTestRuntime({ LOG_LEVEL: "trace", ...overrides }, { logger }), lines };
}

// ---- Scratch databases on the local servers ----

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_ADMIN_URL ?? "mysql://root@127.0.0.1:3306";

export interface ScratchDatabase {
  host: string;
  port: number;
  database: string;
  /** A user who may read `readableTable` and not `hiddenTable`. */
  username: string;
  password: string;
  readableTable: string;
  hiddenTable: string;
  drop(): Promise<void>;
}

async function withPostgresAdmin<T>(database: string | undefined, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(POSTGRES_ADMIN_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway PostgreSQL database with two tables and a login role that may select from one of
 * them. The local server trusts its clients, so the role's password is not checked there.
 */
export async function createScratchPostgres(): Promise<ScratchDatabase> {
  const suffix = uniqueSuffix().replace(/-/g, "");
  const database = `portal_conn_${suffix}`;
  const username = `portal_reader_${suffix}`;
  const password = `pg-pass-${suffix}`;
  const admin = new URL(POSTGRES_ADMIN_URL);
  await withPostgresAdmin(undefined, async (client) => {
    await client.query(`create database ${database}`);
    await client.query(`create role ${username} login password '${password}'`);
  });
  await withPostgresAdmin(database, async (client) => {
    await client.query("create schema sales");
    await client.query("create table sales.customers (id int primary key, name text)");
    await client.query("create table public.payroll (id int primary key, salary numeric)");
    await client.query(`grant usage on schema sales to ${username}`);
    await client.query(`grant select on sales.customers to ${username}`);
  });
  return {
    host: admin.hostname,
    port: Number(admin.port || 5432),
    database,
    username,
    password,
    readableTable: "customers",
    hiddenTable: "payroll",
    drop: () =>
      withPostgresAdmin(undefined, async (client) => {
        await client.query(`drop database if exists ${database} with (force)`);
        await client.query(`drop role if exists ${username}`);
      }),
  };
}

/** A throwaway MariaDB/MySQL database with a table, and a user with a password who may read it. */
export async function createScratchMysql(): Promise<ScratchDatabase> {
  const suffix = uniqueSuffix().replace(/-/g, "");
  const database = `portal_conn_${suffix}`;
  const username = `portal_${suffix}`;
  const password = `my-pass-${suffix}`;
  const admin = new URL(MYSQL_ADMIN_URL);
  const connect = () => mysql.createConnection({ uri: MYSQL_ADMIN_URL, multipleStatements: false });
  const client = await connect();
  try {
    await client.query(`create database ${database}`);
    await client.query(`create table ${database}.invoices (id int primary key, total decimal(12, 2))`);
    await client.query(`create table ${database}.secrets (id int primary key, note text)`);
    for (const host of ["%", "localhost"]) {
      await client.query(`create user '${username}'@'${host}' identified by '${password}'`);
      await client.query(`grant select on ${database}.invoices to '${username}'@'${host}'`);
    }
  } catch (error) {
    await client.end();
    throw error;
  }
  await client.end();
  return {
    host: admin.hostname,
    port: Number(admin.port || 3306),
    database,
    username,
    password,
    readableTable: "invoices",
    hiddenTable: "secrets",
    drop: async () => {
      const cleaner = await connect();
      try {
        await cleaner.query(`drop database if exists ${database}`);
        for (const host of ["%", "localhost"]) await cleaner.query(`drop user if exists '${username}'@'${host}'`);
      } finally {
        await cleaner.end();
      }
    },
  };
}
