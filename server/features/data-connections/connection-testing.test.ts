import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectionTestResult,
  type DataConnection,
  FILES_NEED_NO_TEST_MESSAGE,
  VERIFIED_AT_FIRST_SYNC_MESSAGE,
} from "#common/contracts/data-connections";
import { requireDataSource } from "#common/domain/data-sources";
import { dataConnections } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import {
  type ScratchDatabase,
  buildSignedOrganization,
  createConnectionOk,
  createScratchMysql,
  createScratchPostgres,
  hostedConfig,
  testConnectionDetails,
  updateConnection,
} from "#tests/data-connection-test-kit";
import { findFreePort, startFloodServer, startSilentServer } from "#tests/connection-test-servers";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { runConnectionTest } from "./connection-test.service.ts";

/**
 * "Test connection" against the PostgreSQL and MariaDB servers beside the tests, on a portal that
 * allows private addresses (they are on 127.0.0.1). Each test database is created and dropped here.
 */

let runtime: Runtime;
let postgres: ScratchDatabase;
let mariadb: ScratchDatabase;
beforeAll(async () => {
  runtime = await createTestRuntime({ DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS: "1" });
  [postgres, mariadb] = await Promise.all([createScratchPostgres(), createScratchMysql()]);
});
afterAll(async () => {
  await Promise.all([postgres?.drop(), mariadb?.drop()]);
  await runtime.close();
});

const detailsOf = (scratch: ScratchDatabase, overrides: Record<string, unknown> = {}) => ({
  host: scratch.host,
  port: scratch.port,
  database: scratch.database,
  username: scratch.username,
  password: scratch.password,
  ...overrides,
});

async function testDetails(member: Parameters<typeof testConnectionDetails>[1], body: unknown): Promise<ConnectionTestResult> {
  const response = await testConnectionDetails(runtime, member, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

describe("PostgreSQL", () => {
  it("connects, reports the version and lists only the tables the user may read", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const result = await testDetails(member, { data_source_id: "postgresql", connection_config: detailsOf(postgres) });
    expect(result).toMatchObject({
      outcome: "connected",
      server_version: expect.stringMatching(/^PostgreSQL \d+(\.\d+)*$/),
      tables: [{ schema: "sales", name: postgres.readableTable }],
      table_count: 1,
      message: expect.stringMatching(/^Connected to PostgreSQL [\d.]+: 1 readable table\.$/),
    });
    expect(JSON.stringify(result)).not.toContain(postgres.hiddenTable);
  });

  it("says when the database does not exist, the port refuses, or SSL is not offered", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const port = await findFreePort();
    const cases: [Record<string, unknown>, string][] = [
      [{ database: "no_such_database_here" }, 'Database "no_such_database_here" does not exist'],
      [{ port }, `Connection refused by ${postgres.host}:${port}`],
      [{ host: "no-such-host.invalid" }, 'Host "no-such-host.invalid" was not found'],
      [{ use_ssl: true }, "The server does not support SSL connections. Turn off Use SSL, or enable SSL on the server."],
    ];
    for (const [overrides, message] of cases) {
      const result = await testDetails(member, { data_source_id: "postgresql", connection_config: detailsOf(postgres, overrides) });
      expect(result).toEqual({ outcome: "failed", message, duration_ms: expect.any(Number) });
    }
  });
});

describe("MariaDB", () => {
  it("connects with the user's password and lists the tables of the database", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const result = await testDetails(member, { data_source_id: "mysql", connection_config: detailsOf(mariadb) });
    expect(result).toMatchObject({
      outcome: "connected",
      server_version: expect.stringMatching(/^(MariaDB|MySQL) \d+(\.\d+)*$/),
      tables: [{ schema: mariadb.database, name: mariadb.readableTable }],
      table_count: 1,
    });
  });

  it("says when the password is wrong or the database unknown, without repeating the password", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const wrong = "Wrong-Password-4711";
    const refused = await testDetails(member, { data_source_id: "mysql", connection_config: detailsOf(mariadb, { password: wrong }) });
    expect(refused).toEqual({ outcome: "failed", message: "The server refused the user name or password", duration_ms: expect.any(Number) });
    const unknown = await testDetails(member, { data_source_id: "mysql", connection_config: detailsOf(mariadb, { database: "no_such_db" }) });
    // The user has no rights on a database that does not exist: MariaDB says access denied, not unknown.
    expect(unknown.outcome).toBe("failed");
    expect(unknown.message).toMatch(/^(Database "no_such_db" does not exist|User "portal_\w+" may not access database "no_such_db")$/);
    const root = await testDetails(member, { data_source_id: "mysql", connection_config: { host: "127.0.0.1", port: mariadb.port, database: "no_such_db", username: "root" } });
    expect(root).toMatchObject({ outcome: "failed", message: 'Database "no_such_db" does not exist' });
    const ssl = await testDetails(member, { data_source_id: "mysql", connection_config: detailsOf(mariadb, { use_ssl: true }) });
    expect(ssl.message).toBe("The server does not support SSL connections. Turn off Use SSL, or enable SSL on the server.");
  });
});

describe("servers that do not answer, or answer too much", () => {
  it.each(["postgresql", "mysql"] as const)("gives up on a silent %s server at the test's timeout and hangs up", async (sourceId) => {
    const server = await startSilentServer();
    try {
      const config = { host: "127.0.0.1", port: server.port, database: "erp", username: "reader", password: "x", use_ssl: false };
      const result = await runConnectionTest(requireDataSource(sourceId), config, { allowPrivateNetworks: true, timeoutMs: 500 });
      expect(result).toEqual({ outcome: "failed", message: `No answer from 127.0.0.1:${server.port} within 0.5 seconds`, duration_ms: expect.any(Number) });
      expect(server.connections()).toBe(1);
      // The server sees the portal hang up: nothing of the attempt outlives its answer.
      await server.allClosed();
    } finally {
      await server.close();
    }
  });

  it.each(["postgresql", "mysql"] as const)("cuts off a server that streams without end at %s", async (sourceId) => {
    const server = await startFloodServer();
    try {
      const config = { host: "127.0.0.1", port: server.port, database: "erp", username: "reader", password: "x", use_ssl: false };
      // A deadline far beyond the test's own: only the byte limit can end this attempt in time.
      const result = await runConnectionTest(requireDataSource(sourceId), config, { allowPrivateNetworks: true, timeoutMs: 120_000 });
      const engine = sourceId === "postgresql" ? "PostgreSQL" : "MySQL";
      expect(result).toEqual({
        outcome: "failed",
        message: `127.0.0.1:${server.port} sent more than 2 MiB without finishing the test. Is it a ${engine} server?`,
        duration_ms: expect.any(Number),
      });
      await server.allClosed();
    } finally {
      await server.close();
    }
  });
});

describe("the portal's own PostgreSQL settings", () => {
  it("do not shape a test: PG* variables of the portal's environment are ignored", async () => {
    const variables = { PGOPTIONS: "-c no_such_setting.at_all=1", PGREPLICATION: "database", PGCLIENTENCODING: "LATIN1", PGSSLNEGOTIATION: "direct", PGAPPNAME: "other" };
    const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
    Object.assign(process.env, variables);
    try {
      const config = { ...detailsOf(postgres), database: postgres.database };
      const result = await runConnectionTest(requireDataSource("postgresql"), config, { allowPrivateNetworks: true, timeoutMs: 10_000 });
      expect(result).toMatchObject({ outcome: "connected", tables: [{ schema: "sales", name: postgres.readableTable }] });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});

describe("sources the portal does not connect to", () => {
  it("validates a hosted system's details and defers the check to the first sync; files need none", async () => {
    const { member } = await buildSignedOrganization(runtime);
    expect(await testDetails(member, { data_source_id: "sage-intacct", connection_config: hostedConfig("sage-intacct") })).toEqual({
      outcome: "deferred",
      message: VERIFIED_AT_FIRST_SYNC_MESSAGE,
    });
    expect(await testDetails(member, { data_source_id: "csv-files", connection_config: {} })).toEqual({ outcome: "not_needed", message: FILES_NEED_NO_TEST_MESSAGE });
    const invalid = await testConnectionDetails(runtime, member, { data_source_id: "sage-intacct", connection_config: {} });
    expect(invalid.status).toBe(400);
    expect((await errorOf(invalid)).details).toContainEqual({ path: "connection_config.sender_password", message: "Sender password is required" });
  });
});

describe("saved database connections", () => {
  it("are tested when created: connected with the time of the test", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, { data_source_id: "mysql", name: "Shop", connection_config: detailsOf(mariadb) });
    expect(created).toMatchObject({ status: "connected", last_test_error: null, secrets_set: ["password"] });
    expect(created.last_tested_at).not.toBeNull();
  });

  it("are re-tested when their details change, keeping the stored password only while the server stays the same", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, { data_source_id: "mysql", name: "Shop", connection_config: detailsOf(mariadb) });
    const unchanged = { ...detailsOf(mariadb), password: undefined };

    // Another database is another server for the password: it must be entered again.
    const refused = await updateConnection(runtime, member, created.id, { connection_config: { ...unchanged, database: "no_such_db" } });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).details).toEqual([{ path: "connection_config.password", message: "Enter the password again: the server details changed" }]);
    const broken = await updateConnection(runtime, member, created.id, { connection_config: detailsOf(mariadb, { database: "no_such_db" }) });
    expect(await broken.json()).toMatchObject({ status: "error", last_test_error: expect.stringContaining("no_such_db") });
    const fixed: DataConnection = await (await updateConnection(runtime, member, created.id, { connection_config: detailsOf(mariadb) })).json();
    expect(fixed).toMatchObject({ status: "connected", last_test_error: null, secrets_set: ["password"] });
    const renamed: DataConnection = await (await updateConnection(runtime, member, created.id, { name: "Shop renamed", connection_config: { ...unchanged, password: "" } })).json();
    expect(renamed).toMatchObject({ name: "Shop renamed", status: "connected", secrets_set: ["password"], last_tested_at: fixed.last_tested_at });
  });

  it("record a test run with connection_id: stored secrets fill the ones left out", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, { data_source_id: "mysql", name: "Shop", connection_config: detailsOf(mariadb) });
    // As a failed sync or an earlier test would have left it.
    await runtime.database.db
      .update(dataConnections)
      .set({ status: "error", lastTestedAt: new Date(0), lastTestError: "earlier failure" })
      .where(eq(dataConnections.id, created.id));
    const before = await lastEventId(runtime, organization.id);

    const withStored = await testDetails(member, { data_source_id: "mysql", connection_id: created.id, connection_config: { ...detailsOf(mariadb), password: undefined } });
    expect(withStored.outcome).toBe("connected");
    const after = await readJson<DataConnection>(runtime, `/api/data-connections/${created.id}`, member);
    expect(after).toMatchObject({ status: "connected", last_test_error: null });
    expect(after.last_tested_at).not.toBe(new Date(0).toISOString());
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["dataConnectionChanged"]);

    // Edited details are tested but not recorded: they are not what the connection holds.
    const edited = await testDetails(member, { data_source_id: "mysql", connection_id: created.id, connection_config: detailsOf(mariadb, { password: "Wrong-1" }) });
    expect(edited.outcome).toBe("failed");
    expect(await readJson<DataConnection>(runtime, `/api/data-connections/${created.id}`, member)).toMatchObject({ status: "connected", last_tested_at: after.last_tested_at });

    // A paused connection stays paused whatever a test finds.
    await updateConnection(runtime, member, created.id, { name: "Shop", connection_config: { ...detailsOf(mariadb), password: undefined }, status: "disconnected" });
    await testDetails(member, { data_source_id: "mysql", connection_id: created.id, connection_config: { ...detailsOf(mariadb), password: undefined } });
    expect((await readJson<DataConnection>(runtime, `/api/data-connections/${created.id}`, member)).status).toBe("disconnected");
  });

  it("refuse connection_id of another organization or another data source", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const other = await buildSignedOrganization(runtime);
    const theirs = await createConnectionOk(runtime, other.member, { data_source_id: "mysql", name: "Theirs", connection_config: detailsOf(mariadb) });
    const stolen = await testConnectionDetails(runtime, member, { data_source_id: "mysql", connection_id: theirs.id, connection_config: { ...detailsOf(mariadb), password: undefined } });
    expect(stolen.status).toBe(404);
    expect(await errorOf(stolen)).toEqual({ code: "not_found", message: "Data connection not found" });

    const mine = await createConnectionOk(runtime, member, { data_source_id: "mysql", name: "Mine", connection_config: detailsOf(mariadb) });
    const mismatched = await testConnectionDetails(runtime, member, { data_source_id: "postgresql", connection_id: mine.id, connection_config: detailsOf(postgres) });
    expect(mismatched.status).toBe(400);
    expect((await errorOf(mismatched)).details).toEqual([{ path: "data_source_id", message: "This connection is to another data source" }]);
  });
});
