import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataConnection } from "#common/contracts/data-connections";
import { dataConnections } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import {
  buildSignedOrganization,
  createConnectionOk,
  hostedConfig,
  readStoredConfigText,
  testConnectionDetails,
  updateConnection,
} from "#tests/data-connection-test-kit";
import { findFreePort } from "#tests/connection-test-servers";
import type { TestUser } from "#tests/factories";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * Changing a saved connection: a database's stored password goes only to the server it was
 * entered for, and a change carries only the parts it names (pause, resume, rename). The database
 * here is a port nothing listens on: every test the portal runs fails with "Connection refused".
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS: "1" });
});
afterAll(async () => {
  await runtime.close();
});

const PASSWORD_AGAIN = { path: "connection_config.password", message: "Enter the password again: the server details changed" };

async function createDatabaseConnection(member: TestUser) {
  const port = await findFreePort();
  const details = { host: "127.0.0.1", port, database: "erp", username: "reader", use_ssl: false };
  const created = await createConnectionOk(runtime, member, {
    data_source_id: "postgresql",
    name: "Warehouse",
    description: "Nightly copy",
    connection_config: { ...details, password: "Stored-Secret-1" },
  });
  expect(created).toMatchObject({ status: "error", last_test_error: `Connection refused by 127.0.0.1:${port}`, secrets_set: ["password"] });
  return { created, details };
}

/** As an earlier test would have left the row, so a new test shows in last_tested_at. */
async function markTestedLongAgo(connectionId: string): Promise<void> {
  await runtime.database.db.update(dataConnections).set({ lastTestedAt: new Date(0), lastTestError: "earlier failure" }).where(eq(dataConnections.id, connectionId));
}

describe("a database connection's stored password", () => {
  it("is used for a test or a change that leaves the server as saved", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const { created, details } = await createDatabaseConnection(member);
    const tested = await testConnectionDetails(runtime, member, { data_source_id: "postgresql", connection_id: created.id, connection_config: details });
    expect(tested.status).toBe(200);
    expect(await tested.json()).toMatchObject({ outcome: "failed", message: `Connection refused by 127.0.0.1:${details.port}` });
    const changed = await updateConnection(runtime, member, created.id, { connection_config: { ...details, password: "" } });
    expect(await changed.json()).toMatchObject({ secrets_set: ["password"], connection_config: details });
  });

  it("is refused when the host, port, database, user name or SSL change, for a test and for a change", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const { created, details } = await createDatabaseConnection(member);
    const storedBefore = await readStoredConfigText(runtime, created.id);
    const changes = [{ host: "localhost" }, { port: details.port + 1 }, { database: "other" }, { username: "someone" }, { use_ssl: true }];
    for (const change of changes) {
      const config = { ...details, ...change };
      const test = await testConnectionDetails(runtime, member, { data_source_id: "postgresql", connection_id: created.id, connection_config: config });
      expect(test.status, JSON.stringify(change)).toBe(400);
      expect((await errorOf(test)).details).toEqual([PASSWORD_AGAIN]);
      const update = await updateConnection(runtime, member, created.id, { connection_config: config });
      expect(update.status, JSON.stringify(change)).toBe(400);
      expect(await errorOf(update)).toEqual({ code: "validation_failed", message: `connection_config.password: ${PASSWORD_AGAIN.message}`, details: [PASSWORD_AGAIN] });
    }
    expect(await readStoredConfigText(runtime, created.id)).toBe(storedBefore);

    // Entered again, or cleared, the password goes with the new details.
    const moved = await updateConnection(runtime, member, created.id, { connection_config: { ...details, host: "localhost", password: "Typed-Again-2" } });
    expect(await moved.json()).toMatchObject({ connection_config: { host: "localhost" }, secrets_set: ["password"] });
    const cleared = await updateConnection(runtime, member, created.id, { connection_config: { ...details, password: null } });
    expect(await cleared.json()).toMatchObject({ connection_config: { host: "127.0.0.1" }, secrets_set: [] });
  });

  it("stays with a hosted system whose other details change: the source fixes where it goes", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, { data_source_id: "xero", name: "Xero", connection_config: hostedConfig("xero") });
    const { client_secret: _kept, ...details } = hostedConfig("xero");
    const changed = await updateConnection(runtime, member, created.id, { connection_config: { ...details, client_id: "another-client" } });
    expect(await changed.json()).toMatchObject({ connection_config: { client_id: "another-client" }, secrets_set: ["client_secret"] });
  });
});

describe("changes that name only some parts", () => {
  it("pause with the status alone: nothing else changes and nothing is tested", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const { created } = await createDatabaseConnection(member);
    await markTestedLongAgo(created.id);
    const storedBefore = await readStoredConfigText(runtime, created.id);
    const before = await lastEventId(runtime, organization.id);

    const paused = await updateConnection(runtime, member, created.id, { status: "disconnected" });
    expect(paused.status, await paused.clone().text()).toBe(200);
    expect(await paused.json()).toMatchObject({
      name: "Warehouse",
      description: "Nightly copy",
      status: "disconnected",
      connection_config: created.connection_config,
      secrets_set: ["password"],
      last_tested_at: new Date(0).toISOString(),
      last_test_error: "earlier failure",
    });
    expect(await readStoredConfigText(runtime, created.id)).toBe(storedBefore);
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["dataConnectionChanged"]);
  });

  it("resume a database with the status alone by testing it again", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const { created, details } = await createDatabaseConnection(member);
    await updateConnection(runtime, member, created.id, { status: "disconnected" });
    await markTestedLongAgo(created.id);

    const resumed: DataConnection = await (await updateConnection(runtime, member, created.id, { status: "connected" })).json();
    expect(resumed).toMatchObject({ name: "Warehouse", status: "error", last_test_error: `Connection refused by 127.0.0.1:${details.port}` });
    expect(resumed.last_tested_at).not.toBe(new Date(0).toISOString());
  });

  it("refuse to resume a database whose stored password no longer opens, naming the field", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const { created } = await createDatabaseConnection(member);
    await updateConnection(runtime, member, created.id, { status: "disconnected" });
    await runtime.database.db
      .update(dataConnections)
      .set({ connectionConfig: sql`jsonb_set(${dataConnections.connectionConfig}, '{password}', '"enc:v1:gone:AAAA:AAAA:AAAA"')` })
      .where(eq(dataConnections.id, created.id));
    const resumed = await updateConnection(runtime, member, created.id, { status: "connected" });
    expect(resumed.status).toBe(400);
    expect((await errorOf(resumed)).details).toEqual([{ path: "connection_config.password", message: "The stored password can no longer be read; enter it again" }]);
    expect((await readJson<DataConnection>(runtime, `/api/data-connections/${created.id}`, member)).status).toBe("disconnected");
  });

  it("rename with the name alone, keeping the rest and testing nothing", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const { created } = await createDatabaseConnection(member);
    await markTestedLongAgo(created.id);
    const renamed = await updateConnection(runtime, member, created.id, { name: "  Warehouse (old ERP)  " });
    expect(await renamed.json()).toMatchObject({
      name: "Warehouse (old ERP)",
      description: "Nightly copy",
      status: "error",
      connection_config: created.connection_config,
      last_tested_at: new Date(0).toISOString(),
    });
    const described = await updateConnection(runtime, member, created.id, { description: "" });
    expect(await described.json()).toMatchObject({ name: "Warehouse (old ERP)", description: null, last_tested_at: new Date(0).toISOString() });
  });
});
