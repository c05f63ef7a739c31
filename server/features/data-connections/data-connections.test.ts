import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataConnection, DataConnectionList } from "#common/contracts/data-connections";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { dataConnections, launchpadSummaries } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildUser, call } from "#tests/factories";
import {
  buildSignedOrganization,
  createConnection,
  createConnectionOk,
  hostedConfig,
  testConnectionDetails,
  updateConnection,
} from "#tests/data-connection-test-kit";
import { startSilentServer } from "#tests/connection-test-servers";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { privateNetworkMessage } from "./network-guard.ts";

/**
 * Data connections through the API on a portal with the default network rule (public addresses
 * only): gating, reading, writing, the launchpad. Real connection tests: connection-testing.test.ts.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const xero = (name = "Xero", secret?: string) => ({ data_source_id: "xero", name, connection_config: hostedConfig("xero", secret) });

describe("NDA gating", () => {
  it("refuses every data-connection route until the organization's NDA is signed", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const id = "00000000-0000-4000-8000-000000000000";
    const requests = [
      call(runtime, "/api/data-connections", { as: member }),
      call(runtime, `/api/data-connections/${id}`, { as: member }),
      createConnection(runtime, member, xero()),
      updateConnection(runtime, member, id, { name: "X", connection_config: {} }),
      call(runtime, `/api/data-connections/${id}`, { method: "DELETE", as: member }),
      testConnectionDetails(runtime, member, { data_source_id: "csv-files", connection_config: {} }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({ code: "forbidden", message: NDA_REQUIRED_REASON });
    }
    expect(NDA_REQUIRED_REASON).toBe("Complete the NDA step first to access this page");
  });

  it("opens them once the NDA is signed, for members and employees acting for the organization", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    expect((await readJson<DataConnectionList>(runtime, "/api/data-connections", member)).connections).toEqual([]);
    const created = await createConnectionOk(runtime, employee, xero("Made by staff"), organization.id);
    expect(created.organization_id).toBe(organization.id);
    expect((await readJson<DataConnectionList>(runtime, "/api/data-connections", member)).connections.map((item) => item.id)).toEqual([created.id]);
  });
});

describe("reading connections", () => {
  it("lists the organization's connections newest first, without their secrets", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const other = await buildSignedOrganization(runtime);
    await createConnectionOk(runtime, other.member, xero("Other organization's"));
    const first = await createConnectionOk(runtime, member, xero("Books", "xero-secret-value-1"));
    const second = await createConnectionOk(runtime, member, {
      data_source_id: "netsuite",
      name: "NetSuite",
      description: "Production account",
      connection_config: hostedConfig("netsuite", "netsuite-secret-value-2"),
    });

    const response = await call(runtime, "/api/data-connections", { as: member });
    const text = await response.text();
    expect(text).not.toContain("xero-secret-value-1");
    expect(text).not.toContain("netsuite-secret-value-2");
    const list: DataConnectionList = JSON.parse(text);
    expect(list.connections.map((connection) => connection.id)).toEqual([second.id, first.id]);
    expect(list.connections[0]).toMatchObject({
      data_source_id: "netsuite",
      name: "NetSuite",
      description: "Production account",
      status: "connected",
      connection_config: { account_id: "1234567_SB1", consumer_key: "ck", token_id: "tid" },
      secrets_set: ["consumer_secret", "token_secret"],
      last_tested_at: null,
      last_test_error: null,
      created_by_name: member.email,
    });
    expect(Object.keys(list.connections[1]?.connection_config ?? {}).sort()).toEqual(["client_id", "tenant_id"]);
  });

  it("answers one connection, and 404 for unknown, malformed and other organizations' ids", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const other = await buildSignedOrganization(runtime);
    const mine = await createConnectionOk(runtime, member, xero("Mine"));
    const theirs = await createConnectionOk(runtime, other.member, xero("Theirs"));

    expect(await readJson<DataConnection>(runtime, `/api/data-connections/${mine.id}`, member)).toEqual(mine);
    for (const id of [theirs.id, "6f1f3c1e-0000-4000-8000-000000000000", "not-a-uuid", "1%27%20or%201%3D1"]) {
      for (const method of ["GET", "DELETE"]) {
        const response = await call(runtime, `/api/data-connections/${id}`, { method, as: member });
        expect(response.status).toBe(404);
        expect(await errorOf(response)).toEqual({ code: "not_found", message: "Data connection not found" });
      }
      const update = await updateConnection(runtime, member, id, { name: "Taken over", connection_config: hostedConfig("xero") });
      expect(update.status).toBe(404);
    }
    expect((await readJson<DataConnection>(runtime, `/api/data-connections/${theirs.id}`, other.member)).name).toBe("Theirs");
  });
});

describe("validating connection details", () => {
  async function refusal(body: unknown) {
    const { member } = await buildSignedOrganization(runtime);
    const response = await createConnection(runtime, member, body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("validation_failed");
    return error;
  }

  it("names every field of connection_config that is wrong, the first one in the message", async () => {
    const error = await refusal({ data_source_id: "xero", name: "Xero", connection_config: { tenant_id: "not-a-uuid", client_id: "" } });
    expect(error.details).toEqual([
      { path: "connection_config.tenant_id", message: "Tenant ID must be the organisation's ID from Xero (a UUID)" },
      { path: "connection_config.client_id", message: "Client ID is required" },
      { path: "connection_config.client_secret", message: "Client secret is required" },
    ]);
    expect(error.message).toBe("connection_config.tenant_id: Tenant ID must be the organisation's ID from Xero (a UUID)");
  });

  it("checks database details: host, port range, unknown fields, invalid characters", async () => {
    const base = { host: "db.example.com", database: "erp", username: "reader" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, host: "db example com" }, "connection_config.host", "Host must be a host name or an IP address"],
      [{ ...base, port: 70000 }, "connection_config.port", "Port must be between 1 and 65535"],
      [{ ...base, port: "5432x" }, "connection_config.port", "Port must be a whole number"],
      [{ ...base, username: "read\u0007er" }, "connection_config.username", "User name cannot contain control characters"],
      [{ ...base, database: "erp\ud800" }, "connection_config.database", "Database contains an invalid character"],
      [{ ...base, use_ssl: "yes" }, "connection_config.use_ssl", "Use SSL must be true or false"],
    ];
    for (const [config, path, message] of cases) {
      const error = await refusal({ data_source_id: "postgresql", name: "Warehouse", connection_config: config });
      expect(error.details).toEqual([{ path, message }]);
    }
    const unknown = await refusal({ data_source_id: "mysql", name: "Shop", connection_config: { ...base, sslmode: "require" } });
    expect(unknown.details).toEqual([{ path: "connection_config", message: expect.stringContaining("sslmode") }]);
  });

  it("refuses an unknown data source and a configuration that is not an object", async () => {
    const source = await refusal({ data_source_id: "oracle", name: "Oracle", connection_config: {} });
    expect(source.details).toEqual([{ path: "data_source_id", message: "Choose a data source" }]);
    const config = await refusal({ data_source_id: "csv-files", name: "Files", connection_config: ["a"] });
    expect(config.details).toEqual([{ path: "connection_config", message: "connection_config must be an object" }]);
  });
});

describe("creating, changing and deleting connections", () => {
  it("creates hosted and file connections as connected, untested (verified at the first sync)", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const hosted = await createConnectionOk(runtime, member, xero());
    expect(hosted).toMatchObject({ status: "connected", last_tested_at: null, last_test_error: null, secrets_set: ["client_secret"] });
    const files = await createConnectionOk(runtime, member, { data_source_id: "csv-files", name: "Exports", connection_config: {} });
    expect(files).toMatchObject({ status: "connected", connection_config: {}, secrets_set: [], description: null });
  });

  it("tests a database before saving it: a private address is refused without opening a socket, and saved with status error", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const server = await startSilentServer();
    try {
      const created = await createConnectionOk(runtime, member, {
        data_source_id: "postgresql",
        name: "Local warehouse",
        // Blank optional fields take their defaults; the password is simply absent.
        connection_config: { host: "127.0.0.1", port: server.port, database: "erp", username: "reader", password: "", use_ssl: null },
      });
      expect(created).toMatchObject({
        status: "error",
        last_test_error: privateNetworkMessage("127.0.0.1"),
        connection_config: { host: "127.0.0.1", port: server.port, database: "erp", username: "reader", use_ssl: false },
        secrets_set: [],
      });
      expect(created.last_tested_at).not.toBeNull();
      expect(server.connections()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("changes name, description and details, pauses and resumes, and publishes each change", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, { ...xero("Xero"), description: "First" });
    const before = await lastEventId(runtime, organization.id);

    const paused = await updateConnection(runtime, member, created.id, {
      name: "  Xero (paused)  ",
      connection_config: { ...hostedConfig("xero"), client_id: "new-client" },
      status: "disconnected",
    });
    expect(paused.status, await paused.clone().text()).toBe(200);
    expect(await paused.json()).toMatchObject({ name: "Xero (paused)", description: "First", status: "disconnected", connection_config: { client_id: "new-client" } });

    const kept = await updateConnection(runtime, member, created.id, { name: "Xero", description: "", connection_config: hostedConfig("xero") });
    expect(await kept.json()).toMatchObject({ status: "disconnected", description: null });

    const resumed: DataConnection = await (await updateConnection(runtime, member, created.id, { name: "Xero", connection_config: hostedConfig("xero"), status: "connected" })).json();
    expect(resumed.status).toBe("connected");
    expect(resumed.created_at).toBe(created.created_at);
    expect(Date.parse(resumed.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["dataConnectionChanged", "dataConnectionChanged", "dataConnectionChanged"]);

    const invalid = await updateConnection(runtime, member, created.id, { name: "Xero", connection_config: { tenant_id: "x" }, status: "paused" });
    expect(invalid.status).toBe(400);
  });

  it("keeps a hosted connection's error until its details change or it is resumed", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, xero());
    // As a failed sync would leave it.
    await runtime.database.db.update(dataConnections).set({ status: "error" }).where(eq(dataConnections.id, created.id));
    const { client_secret: _kept, ...sameDetails } = hostedConfig("xero");
    const renamed = await updateConnection(runtime, member, created.id, { name: "Renamed", connection_config: sameDetails });
    expect((await renamed.json()).status).toBe("error");
    const resumed = await updateConnection(runtime, member, created.id, { name: "Renamed", connection_config: sameDetails, status: "connected" });
    expect((await resumed.json()).status).toBe("connected");
  });

  it("deletes a connection once; afterwards it is gone for everyone", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const created = await createConnectionOk(runtime, member, xero());
    const before = await lastEventId(runtime, organization.id);
    const deleted = await call(runtime, `/api/data-connections/${created.id}`, { method: "DELETE", as: member });
    expect(await deleted.json()).toEqual({ deleted_id: created.id });
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["dataConnectionChanged", "launchpadChanged"]);
    expect((await call(runtime, `/api/data-connections/${created.id}`, { method: "DELETE", as: member })).status).toBe(404);
    expect((await readJson<DataConnectionList>(runtime, "/api/data-connections", member)).connections).toEqual([]);
  });
});

describe("the launchpad's data setup", () => {
  async function launchpadOf(member: Awaited<ReturnType<typeof buildSignedOrganization>>["member"]) {
    const launchpad = await readJson<{ pages: { id: string; is_completed: boolean }[]; flags: { data_connection_exists: boolean } }>(runtime, "/api/launchpad", member);
    return { page: launchpad.pages.find((page) => page.id === "data-setup"), flag: launchpad.flags.data_connection_exists };
  }

  async function summaryOf(organizationId: string) {
    const [row] = await runtime.database.db.select().from(launchpadSummaries).where(eq(launchpadSummaries.organizationId, organizationId));
    return row;
  }

  it("completes the data-setup page with the first connection; the flag follows the connections", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    expect(await launchpadOf(member)).toEqual({ page: expect.objectContaining({ is_completed: false }), flag: false });

    const before = await lastEventId(runtime, organization.id);
    const first = await createConnectionOk(runtime, member, xero());
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["dataConnectionChanged", "launchpadChanged"]);
    expect(await launchpadOf(member)).toEqual({ page: expect.objectContaining({ is_completed: true }), flag: true });
    // Recalculated in the same transaction: NDA signed and a connection make two of four flags.
    expect(await summaryOf(organization.id)).toMatchObject({ flagPercent: 50, pagePercent: 20 });

    const second = await createConnectionOk(runtime, member, { data_source_id: "csv-files", name: "Files", connection_config: {} });
    await call(runtime, `/api/data-connections/${first.id}`, { method: "DELETE", as: member });
    expect((await launchpadOf(member)).flag).toBe(true);
    await call(runtime, `/api/data-connections/${second.id}`, { method: "DELETE", as: member });
    // The flag drops with the last connection; the page, once completed, stays completed.
    expect(await launchpadOf(member)).toEqual({ page: expect.objectContaining({ is_completed: true }), flag: false });
    expect(await summaryOf(organization.id)).toMatchObject({ flagPercent: 25, pagePercent: 20 });
  });
});
