import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateConnectionResult, DataConnection } from "#common/contracts/data-connections";
import { dataConnections, launchpadSummaries } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { call } from "#tests/factories";
import { buildSignedOrganization, createConnection, createConnectionOk, hostedConfig, readStoredConfigText, updateConnection } from "#tests/data-connection-test-kit";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** One connection per organization and data source, however many requests race for it. */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function rowsOf(organizationId: string, dataSourceId: string) {
  return runtime.database.db
    .select({ id: dataConnections.id })
    .from(dataConnections)
    .where(and(eq(dataConnections.organizationId, organizationId), eq(dataConnections.dataSourceId, dataSourceId)));
}

describe("creating a connection that exists", () => {
  it("answers the existing connection with 200 and created: false, and changes nothing", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const first = await createConnectionOk(runtime, member, { data_source_id: "xero", name: "Original", connection_config: hostedConfig("xero", "first-secret") });
    const storedBefore = await readStoredConfigText(runtime, first.id);
    const before = await lastEventId(runtime, organization.id);

    const again = await createConnection(runtime, member, { data_source_id: "xero", name: "Second try", connection_config: hostedConfig("xero", "second-secret") });
    expect(again.status).toBe(200);
    const result: CreateConnectionResult = await again.json();
    expect(result).toEqual({ connection: first, created: false });
    // Found before the details are checked: a form that knew nothing of it gets it, not a complaint.
    const invalid = await createConnection(runtime, member, { data_source_id: "xero", name: "Third try", connection_config: { tenant_id: "not-a-uuid" } });
    expect(invalid.status).toBe(200);
    expect(await invalid.json()).toEqual({ connection: first, created: false });
    expect(await readStoredConfigText(runtime, first.id)).toBe(storedBefore);
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual([]);
  });
});

describe("concurrent requests", () => {
  it("eight simultaneous creates for one source make one connection, answered to all", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const before = await lastEventId(runtime, organization.id);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => createConnection(runtime, member, { data_source_id: "netsuite", name: `Racing ${index}`, connection_config: hostedConfig("netsuite") })),
    );
    const results: CreateConnectionResult[] = await Promise.all(responses.map((response) => response.json()));

    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const created = results.find((result) => result.created)?.connection as DataConnection;
    expect(new Set(results.map((result) => result.connection.id))).toEqual(new Set([created.id]));
    for (const result of results) expect(result.connection.name).toBe(created.name);
    expect(await rowsOf(organization.id, "netsuite")).toEqual([{ id: created.id }]);
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["dataConnectionChanged", "launchpadChanged"]);
  });

  it("deleting the last connections at once leaves the launchpad's flag down", async () => {
    const { organization, member } = await buildSignedOrganization(runtime);
    const sources = ["xero", "sage-50", "dynamics-gp"] as const;
    const created = await Promise.all(
      sources.map((source) => createConnectionOk(runtime, member, { data_source_id: source, name: source, connection_config: hostedConfig(source) })),
    );
    const deleted = await Promise.all(created.map((connection) => call(runtime, `/api/data-connections/${connection.id}`, { method: "DELETE", as: member })));
    expect(deleted.map((response) => response.status)).toEqual([200, 200, 200]);

    const launchpad = await readJson<{ flags: { data_connection_exists: boolean } }>(runtime, "/api/launchpad", member);
    expect(launchpad.flags.data_connection_exists).toBe(false);
    const [summary] = await runtime.database.db.select().from(launchpadSummaries).where(eq(launchpadSummaries.organizationId, organization.id));
    // NDA signed is the one flag left.
    expect(summary?.flagPercent).toBe(25);
  });

  it("simultaneous changes of one connection each win or are told to reload, never half-applied", async () => {
    const { member } = await buildSignedOrganization(runtime);
    const connection = await createConnectionOk(runtime, member, { data_source_id: "xero", name: "Xero", connection_config: hostedConfig("xero") });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        updateConnection(runtime, member, connection.id, { name: `Change ${index}`, connection_config: { ...hostedConfig("xero"), client_id: `client-${index}` } }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    for (const status of statuses) expect([200, 409]).toContain(status);
    expect(statuses).toContain(200);

    const final = await readJson<DataConnection>(runtime, `/api/data-connections/${connection.id}`, member);
    const index = /^Change (\d)$/.exec(final.name)?.[1];
    expect(final.connection_config.client_id).toBe(`client-${index}`);
  });
});
