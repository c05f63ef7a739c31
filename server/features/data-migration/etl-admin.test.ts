import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ETL_ADMIN_PAGE_LIMIT, type EtlConnectionList, type EtlDataset, type EtlDatasetList } from "#common/contracts/data-migration";
import { DATA_SOURCE_IDS } from "#common/domain/data-sources";
import { dataConnections, migrationDatasets } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildOrganization, buildUser, call } from "#tests/factories";
import { buildMigrationMember, uploadOk, validCsv } from "#tests/migration-test-kit";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/**
 * ETL administration's lists and review: every organization's connections and datasets, filtered
 * and newest first, and the review the customer sees. Who may use them: etl-admin-access.test.ts.
 */

let runtime: Runtime;
let employee: TestUser;
/** The organization the employee acts for (organization routes need one named). */
let employeeOrg: string;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true, fullName: "Etl Team" });
  employeeOrg = (await buildOrganization(runtime)).id;
});
afterAll(async () => {
  await runtime.close();
});

async function listConnections(query: string): Promise<EtlConnectionList> {
  const response = await call(runtime, `/api/etl-admin/connections?${query}`, { as: employee, org: employeeOrg });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

async function listDatasets(query: string): Promise<EtlDatasetList> {
  const response = await call(runtime, `/api/etl-admin/datasets?${query}`, { as: employee, org: employeeOrg });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** Reviews the file of `dataset` as the list showed it (its staged_at). */
function review(dataset: { id: string; staged_at: string }, body: Record<string, unknown>): Promise<Response> {
  return call(runtime, `/api/etl-admin/datasets/${dataset.id}/review`, {
    method: "POST",
    as: employee,
    org: employeeOrg,
    body: { staged_at: dataset.staged_at, ...body },
  });
}

const at = (iso: string) => new Date(iso);

describe("connections", () => {
  it("lists every organization's connections, most recent activity first, without their settings", async () => {
    const tag = uniqueSuffix();
    const [north, south] = [await buildOrganization(runtime, `North ${tag}`), await buildOrganization(runtime, `South ${tag}`)];
    const secret = `pw-${uniqueSuffix()}`;
    const [tested, quiet, changed] = await runtime.database.db
      .insert(dataConnections)
      .values([
        { organizationId: north.id, dataSourceId: "postgresql", name: "Ledger DB", status: "error", connectionConfig: { password: secret }, createdAt: at("2026-01-01T00:00:00Z"), updatedAt: at("2026-01-02T00:00:00Z"), lastTestedAt: at("2026-03-01T00:00:00Z"), lastTestError: "Connection refused" },
        { organizationId: north.id, dataSourceId: "xero", name: "Xero", connectionConfig: { client_secret: secret }, createdAt: at("2026-02-01T00:00:00Z"), updatedAt: at("2026-02-15T00:00:00Z") },
        { organizationId: south.id, dataSourceId: "xero", name: "Xero south", status: "disconnected", createdAt: at("2026-01-10T00:00:00Z"), updatedAt: at("2026-04-01T00:00:00Z") },
      ])
      .returning();

    const response = await call(runtime, `/api/etl-admin/connections?q=${tag}`, { as: employee, org: employeeOrg });
    const text = await response.text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain("connection_config");
    const list = JSON.parse(text) as EtlConnectionList;
    expect(list.total).toBe(3);
    expect(list.connections.map((connection) => connection.id)).toEqual([changed?.id, tested?.id, quiet?.id]);
    expect(list.connections[1]).toEqual({
      id: tested?.id,
      organization_id: north.id,
      organization_name: `North ${tag}`,
      data_source_id: "postgresql",
      name: "Ledger DB",
      status: "error",
      last_tested_at: "2026-03-01T00:00:00.000Z",
      last_test_error: "Connection refused",
      created_at: "2026-01-01T00:00:00.000Z",
      last_activity_at: "2026-03-01T00:00:00.000Z",
    });
    expect(list.connections.map((connection) => connection.last_activity_at)).toEqual(["2026-04-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", "2026-02-15T00:00:00.000Z"]);
  });

  it("filters by organization or connection name (any case, % and _ literal), status and data source", async () => {
    const tag = uniqueSuffix();
    const [acme, percent] = [await buildOrganization(runtime, `Acme ${tag}`), await buildOrganization(runtime, `100%_Club ${tag}`)];
    await runtime.database.db.insert(dataConnections).values([
      { organizationId: acme.id, dataSourceId: "netsuite", name: `NetSuite ${tag}` },
      { organizationId: acme.id, dataSourceId: "sage-50", name: `Payroll box ${tag}`, status: "error" },
      { organizationId: percent.id, dataSourceId: "netsuite", name: `Main ledger ${tag}` },
    ]);
    const names = (list: EtlConnectionList) => list.connections.map((connection) => connection.name).sort();
    expect(names(await listConnections(`q=${encodeURIComponent(`ACME ${tag}`)}`))).toEqual([`NetSuite ${tag}`, `Payroll box ${tag}`]);
    expect(names(await listConnections(`q=${encodeURIComponent(`payroll BOX ${tag}`)}`))).toEqual([`Payroll box ${tag}`]);
    expect(names(await listConnections(`q=${encodeURIComponent(`%_club ${tag}`)}`))).toEqual([`Main ledger ${tag}`]);
    expect((await listConnections(`q=${encodeURIComponent(`_ ${tag}`)}`)).total).toBe(0);
    expect(names(await listConnections(`q=${tag}&status=error`))).toEqual([`Payroll box ${tag}`]);
    expect(names(await listConnections(`q=${tag}&data_source_id=netsuite`))).toEqual([`Main ledger ${tag}`, `NetSuite ${tag}`]);
    expect((await call(runtime, "/api/etl-admin/connections?status=broken", { as: employee, org: employeeOrg })).status).toBe(400);
    expect((await call(runtime, "/api/etl-admin/connections?data_source_id=oracle", { as: employee, org: employeeOrg })).status).toBe(400);
  });

  it(`answers at most ${ETL_ADMIN_PAGE_LIMIT} rows and counts them all`, async () => {
    const tag = uniqueSuffix();
    const organizations = [];
    for (let index = 0; index < 21; index += 1) organizations.push(await buildOrganization(runtime, `Bulk ${index} ${tag}`));
    await runtime.database.db
      .insert(dataConnections)
      .values(organizations.flatMap((organization) => DATA_SOURCE_IDS.map((dataSourceId) => ({ organizationId: organization.id, dataSourceId, name: dataSourceId }))));
    const list = await listConnections(`q=${tag}`);
    expect(list.total).toBe(21 * DATA_SOURCE_IDS.length);
    expect(list.connections).toHaveLength(ETL_ADMIN_PAGE_LIMIT);
  });
});

describe("datasets", () => {
  it("lists every organization's datasets with their counts, newest change first, filterable", async () => {
    const tag = uniqueSuffix();
    const north = await buildMigrationMember(runtime, { organizationName: `North ${tag}` });
    const south = await buildMigrationMember(runtime, { organizationName: `South ${tag}` });
    const vendors = await uploadOk(runtime, north.member, "vendors", validCsv("vendors", 3), { fileName: "vendors.csv" });
    const customers = await uploadOk(runtime, north.member, "customers", validCsv("customers", 5), { fileName: `crm-export-${tag}.csv` });
    const southVendors = await uploadOk(runtime, south.member, "vendors", validCsv("vendors", 2), { fileName: "suppliers.csv" });
    const times: [string, string][] = [[vendors.dataset.id, "2026-05-01T00:00:00Z"], [customers.dataset.id, "2026-05-03T00:00:00Z"], [southVendors.dataset.id, "2026-05-02T00:00:00Z"]];
    for (const [id, time] of times) await runtime.database.db.update(migrationDatasets).set({ updatedAt: at(time) }).where(eq(migrationDatasets.id, id));

    const all = await listDatasets(`q=${tag}`);
    expect(all.total).toBe(3);
    expect(all.datasets.map((dataset) => [dataset.organization_name, dataset.entity, dataset.row_count])).toEqual([
      [`North ${tag}`, "customers", 5],
      [`South ${tag}`, "vendors", 2],
      [`North ${tag}`, "vendors", 3],
    ]);
    expect(all.datasets[0]).toEqual({ ...customers.dataset, organization_name: `North ${tag}`, updated_at: "2026-05-03T00:00:00.000Z" });

    expect((await listDatasets(`q=CRM-EXPORT-${tag}`)).datasets.map((dataset) => dataset.id)).toEqual([customers.dataset.id]);
    expect((await listDatasets(`q=${encodeURIComponent(`south ${tag}`)}&entity=vendors`)).datasets.map((dataset) => dataset.id)).toEqual([southVendors.dataset.id]);
    expect((await listDatasets(`q=${tag}&entity=items`)).total).toBe(0);
    expect((await review(vendors.dataset, { status: "rejected", comment: "Tax IDs missing" })).status).toBe(200);
    expect((await listDatasets(`q=${tag}&status=rejected`)).datasets.map((dataset) => dataset.id)).toEqual([vendors.dataset.id]);
    expect((await listDatasets(`q=${tag}&status=staged`)).total).toBe(2);
    expect((await call(runtime, "/api/etl-admin/datasets?entity=employees", { as: employee, org: employeeOrg })).status).toBe(400);
  });
});

describe("review", () => {
  it("marks a dataset of any organization loaded or rejected, which its organization sees and hears of", async () => {
    const { organization, member } = await buildMigrationMember(runtime);
    const staged = await uploadOk(runtime, member, "customers", validCsv("customers", 2));
    const before = await lastEventId(runtime, organization.id);
    const employeeEventsBefore = await lastEventId(runtime, employeeOrg);

    const rejected = await review(staged.dataset, { status: "rejected", comment: "  Credit limits are in the wrong currency  " });
    expect(rejected.status).toBe(200);
    const body: EtlDataset = await rejected.json();
    expect(body).toMatchObject({
      id: staged.dataset.id,
      organization_id: organization.id,
      organization_name: organization.organization_name,
      status: "rejected",
      review_comment: "Credit limits are in the wrong currency",
      reviewed_by_name: "Etl Team",
      row_count: 2,
    });
    expect(Date.parse(body.reviewed_at ?? "")).toBe(Date.parse(body.updated_at));
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["migrationDatasetChanged"]);
    expect(await eventTypesAfter(runtime, employeeOrg, employeeEventsBefore)).toEqual([]);

    const overview = await (await call(runtime, "/api/data-migration", { as: member })).json();
    const { organization_name: _name, ...seen } = body;
    expect(overview.entities.find((state: { entity: string }) => state.entity === "customers").dataset).toEqual(seen);

    const loaded: EtlDataset = await (await review(staged.dataset, { status: "loaded" })).json();
    expect(loaded).toMatchObject({ status: "loaded", review_comment: null, reviewed_by_name: "Etl Team" });
  });

  it("requires a comment to reject, and a known status", async () => {
    const { member } = await buildMigrationMember(runtime);
    const staged = await uploadOk(runtime, member, "vendors", validCsv("vendors", 1));
    for (const [body, message] of [
      [{ status: "rejected", comment: "   " }, "comment: Say why the dataset is rejected"],
      [{ status: "rejected" }, "comment: Say why the dataset is rejected"],
      [{ status: "staged", comment: "x" }, "status: status must be loaded or rejected"],
      [{ status: "loaded", comment: "x".repeat(1_001) }, "comment: Comment must be at most 1000 characters"],
    ] as const) {
      const response = await review(staged.dataset, body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: "validation_failed", message });
    }
  });

  it("refuses a verdict on a file that a newer upload replaced, and one that names no file", async () => {
    const { member } = await buildMigrationMember(runtime);
    const shown = await uploadOk(runtime, member, "customers", validCsv("customers", 2));
    const newer = await uploadOk(runtime, member, "customers", validCsv("customers", 3));
    expect(newer.dataset.id).toBe(shown.dataset.id);

    const stale = await review(shown.dataset, { status: "loaded" });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toEqual({
      code: "conflict",
      message: "The organization staged a newer file since this list was loaded; review the new file",
    });
    const unnamed = await call(runtime, `/api/etl-admin/datasets/${shown.dataset.id}/review`, {
      method: "POST",
      as: employee,
      org: employeeOrg,
      body: { status: "loaded" },
    });
    expect((await unnamed.json()).error).toMatchObject({ code: "validation_failed", message: "staged_at: staged_at must be the reviewed dataset's staged_at time" });

    const current = await review(newer.dataset, { status: "loaded" });
    expect(current.status).toBe(200);
    expect(await current.json()).toMatchObject({ status: "loaded", row_count: 3 });
  });

  it("answers 404 for an unknown or malformed dataset id", async () => {
    for (const id of ["8f0c2a4e-1111-4a4a-9a9a-000000000000", "not-a-uuid", "%00"]) {
      const response = await review({ id, staged_at: new Date().toISOString() }, { status: "loaded" });
      expect(response.status, id).toBe(404);
      expect((await response.json()).error).toEqual({ code: "not_found", message: "Dataset not found" });
    }
  });
});
