import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataConnection } from "#common/contracts/data-connections";
import { SecretBoxError } from "#server/crypto/secret-box";
import { dataConnections } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import {
  type ScratchDatabase,
  buildSignedOrganization,
  createConnectionOk,
  createLoggedTestRuntime,
  createScratchMysql,
  hostedConfig,
  readStoredConfig,
  readStoredConfigText,
  testConnectionDetails,
  updateConnection,
} from "#tests/data-connection-test-kit";
import { errorOf } from "#tests/pricing-test-kit";
import { uniqueSuffix } from "#tests/test-runtime";
import { secretContext } from "./connection-secrets.ts";

/** Connection secrets: sealed at rest, bound to their organization, kept or replaced on change, never logged. */

let runtime: Runtime;
let logLines: string[];
let mariadb: ScratchDatabase;
beforeAll(async () => {
  ({ runtime, lines: logLines } = await createLoggedTestRuntime({ DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS: "1" }));
  mariadb = await createScratchMysql();
});
afterAll(async () => {
  await mariadb?.drop();
  await runtime.close();
});

const mysqlDetails = (password?: string | null) => ({
  host: mariadb.host,
  port: mariadb.port,
  database: mariadb.database,
  username: mariadb.username,
  ...(password === undefined ? {} : { password }),
});

/** Opens a stored envelope the way the server does; throws SecretBoxError when it does not open. */
function openStored(organizationId: string, sourceId: string, field: string, envelope: unknown): string {
  return runtime.secretBox.open(String(envelope), secretContext(organizationId, sourceId, field));
}

describe("secrets at rest", () => {
  it("stores each secret as an envelope: the text is nowhere in the row, the other fields are plain", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const secret = `xero-at-rest-${uniqueSuffix()}`;
    const created = await createConnectionOk(runtime, member, { data_source_id: "xero", name: "Xero", connection_config: hostedConfig("xero", secret) });

    const text = await readStoredConfigText(runtime, created.id);
    expect(text).not.toContain(secret);
    const stored = await readStoredConfig(runtime, created.id);
    expect(stored.client_secret).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(stored).toMatchObject({ tenant_id: "6e0f1c2a-5b3d-4c7e-9a8b-1d2e3f4a5b6c", client_id: "xero-client" });
    expect(openStored(organization.id, "xero", "client_secret", stored.client_secret)).toBe(secret);

    const database = await createConnectionOk(runtime, member, { data_source_id: "mysql", name: "Shop", connection_config: mysqlDetails(mariadb.password) });
    expect(await readStoredConfigText(runtime, database.id)).not.toContain(mariadb.password);
  });

  it("does not open an envelope copied to another organization's row or to another field", async () => {
    const a = await buildSignedOrganization(runtime);
    const b = await buildSignedOrganization(runtime);
    const ofA = await createConnectionOk(runtime, a.member, { data_source_id: "netsuite", name: "A", connection_config: hostedConfig("netsuite", "a-secret") });
    const ofB = await createConnectionOk(runtime, b.member, { data_source_id: "netsuite", name: "B", connection_config: hostedConfig("netsuite", "b-secret") });
    const envelope = (await readStoredConfig(runtime, ofA.id)).consumer_secret;

    expect(() => openStored(b.organization.id, "netsuite", "consumer_secret", envelope)).toThrow(SecretBoxError);
    expect(() => openStored(a.organization.id, "netsuite", "token_secret", envelope)).toThrow(SecretBoxError);
    await runtime.database.db
      .update(dataConnections)
      .set({ connectionConfig: sql`jsonb_set(${dataConnections.connectionConfig}, '{consumer_secret}', ${JSON.stringify(envelope)}::jsonb)` })
      .where(eq(dataConnections.id, ofB.id));

    // B's connection cannot use it: keeping the stored secret is refused until it is entered again.
    const { consumer_secret: _left, token_secret: _out, ...withoutSecrets } = hostedConfig("netsuite");
    const kept = await updateConnection(runtime, b.member, ofB.id, { name: "B", connection_config: withoutSecrets });
    expect(kept.status).toBe(400);
    expect((await errorOf(kept)).details).toEqual([{ path: "connection_config.consumer_secret", message: "The stored consumer secret can no longer be read; enter it again" }]);
    const tested = await testConnectionDetails(runtime, b.member, { data_source_id: "netsuite", connection_id: ofB.id, connection_config: withoutSecrets });
    expect(tested.status).toBe(400);

    const replaced = await updateConnection(runtime, b.member, ofB.id, { name: "B", connection_config: { ...withoutSecrets, consumer_secret: "b-new-secret" } });
    expect(replaced.status).toBe(200);
    const stored = await readStoredConfig(runtime, ofB.id);
    expect(openStored(b.organization.id, "netsuite", "consumer_secret", stored.consumer_secret)).toBe("b-new-secret");
    expect(openStored(b.organization.id, "netsuite", "token_secret", stored.token_secret)).toBe("b-secret-token");
  });
});

describe("changing secrets", () => {
  it("keeps a secret left out or sent empty, replaces one sent, and clears the optional password with null", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, { data_source_id: "mysql", name: "Shop", connection_config: mysqlDetails(mariadb.password) });
    const passwordNow = async () => {
      const stored = await readStoredConfig(runtime, created.id);
      return stored.password === undefined ? undefined : openStored(organization.id, "mysql", "password", stored.password);
    };
    const change = async (password: string | null | undefined): Promise<DataConnection> => {
      const response = await updateConnection(runtime, member, created.id, { name: "Shop", connection_config: mysqlDetails(password) });
      expect(response.status, await response.clone().text()).toBe(200);
      return response.json();
    };

    expect(await change(undefined)).toMatchObject({ status: "connected", secrets_set: ["password"] });
    expect(await passwordNow()).toBe(mariadb.password);
    expect(await change("")).toMatchObject({ status: "connected", secrets_set: ["password"] });
    expect(await passwordNow()).toBe(mariadb.password);

    // Cleared: the details changed, so the server is asked again, and it wants a password.
    expect(await change(null)).toMatchObject({ status: "error", secrets_set: [], last_test_error: "The server refused the user name or password" });
    expect(await passwordNow()).toBeUndefined();
    expect(await change(mariadb.password)).toMatchObject({ status: "connected", secrets_set: ["password"], last_test_error: null });
  });

  it("refuses to clear a secret the source requires", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, { data_source_id: "xero", name: "Xero", connection_config: hostedConfig("xero") });
    const response = await updateConnection(runtime, member, created.id, { name: "Xero", connection_config: { ...hostedConfig("xero"), client_secret: null } });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).details).toEqual([{ path: "connection_config.client_secret", message: "Client secret is required" }]);
  });
});

describe("logs", () => {
  it("never carry a secret, at any level, through create, update and tests that succeed or fail", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const hostedSecret = `Hosted-Leak-${uniqueSuffix()}`;
    const wrongPassword = `Wrong-Leak-${uniqueSuffix()}`;
    const replacement = `Replaced-Leak-${uniqueSuffix()}`;
    const secrets = [hostedSecret, wrongPassword, replacement, mariadb.password];
    const firstLine = logLines.length;

    const hosted = await createConnectionOk(runtime, member, { data_source_id: "quickbooks-online", name: "QBO", connection_config: hostedConfig("quickbooks-online", hostedSecret) });
    await updateConnection(runtime, member, hosted.id, { name: "QBO", connection_config: hostedConfig("quickbooks-online", replacement) });
    const database = await createConnectionOk(runtime, member, { data_source_id: "mysql", name: "Shop", connection_config: mysqlDetails(mariadb.password) });
    await testConnectionDetails(runtime, member, { data_source_id: "mysql", connection_config: mysqlDetails(wrongPassword) });
    await testConnectionDetails(runtime, member, { data_source_id: "mysql", connection_id: database.id, connection_config: mysqlDetails() });
    await updateConnection(runtime, member, database.id, { name: "Shop", connection_config: { ...mysqlDetails(wrongPassword), port: String(mariadb.port) } });
    await testConnectionDetails(runtime, member, { data_source_id: "mysql", connection_config: { ...mysqlDetails(wrongPassword), host: "no-such-host.invalid" } });

    const lines = logLines.slice(firstLine);
    const tests = lines.filter((line) => line.includes('"data_connection.tested"') && line.includes(organization.id));
    expect(tests.length).toBe(5);
    for (const secret of secrets) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });

  it("redact connection details should any code ever log them", () => {
    const firstLine = logLines.length;
    runtime.logger.info({ connection_config: { client_secret: "redact-me-1" }, body: { connection_config: { password: "redact-me-2" } }, row: { connectionConfig: "redact-me-3" } }, "careless");
    const line = logLines.slice(firstLine).join("\n");
    expect(line).toContain("[redacted]");
    expect(line).not.toMatch(/redact-me/);
  });
});
