import { expect } from "vitest";
import type { MigrationOverview, StagedRows, UploadResult, EtlConnectionList, EtlDataset, EtlDatasetList } from "#common/contracts/data-migration";
import { dataConnections } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { call } from "#tests/factories";
import type { CallerKind, Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";
import { fixture } from "#tests/tenant-matrix-fixture";
import { TEST_ORIGIN } from "#tests/test-runtime";

/**
 * Tenant-matrix rows of the migration workbench and ETL administration routes, merged into the
 * matrix by tests/tenant-matrix-rows.ts. Types only come from there, so neither module needs the
 * other at load time. The workbench is behind A's NDA, so those rows sign it first; file names and
 * staged values carry the world's tag and count as A's data. ETL administration answers for every
 * organization, but only to the ETL team: member A, a plain member, is refused (403).
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const ETL_TEAM: Expected = { ...ORGANIZATION, memberA: 403 };

const get = (path: string) => (): RouteCall => ({ method: "GET", path });

/** A one-row customers file naming `who`; the name is A's data. */
function customersFile(world: World, who: string): string {
  const name = `Customer of ${who} ${world.tag}`;
  world.secretsOfA.push(name);
  return `customer_id,customer_name\r\nC-1,${name}\r\n`;
}

export function migrationMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  async function signNdaForA(world: World): Promise<void> {
    const response = await call(runtime(), "/api/nda/sign", { method: "POST", as: world.memberA, body: { full_name: `Signer ${world.tag}`, title: "Controller", agreed: true } });
    expect(response.status).toBe(201);
    world.secretsOfA.push(`Signer ${world.tag}`);
  }

  /** Signs A's NDA and stages a customers file for A as member A. */
  async function stageCustomersForA(world: World): Promise<void> {
    await signNdaForA(world);
    const fileName = `customers ${world.tag}.csv`;
    world.secretsOfA.push(fileName);
    const response = await runtime().app.request(`/api/data-migration/customers/upload?file_name=${encodeURIComponent(fileName)}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: world.memberA.cookie, "x-forwarded-for": world.memberA.ip, "content-type": "text/csv" },
      body: customersFile(world, "setup"),
    });
    expect(response.status).toBe(200);
    const { dataset } = (await response.json()) as UploadResult;
    world.fixtures.datasetId = dataset.id;
    world.fixtures.stagedAt = dataset.staged_at;
  }

  async function overviewOfA(world: World): Promise<MigrationOverview> {
    const response = await call(runtime(), "/api/data-migration", { as: world.memberA });
    expect(response.status).toBe(200);
    return response.json();
  }

  const customersOfA = async (world: World) => (await overviewOfA(world)).entities.find((state) => state.entity === "customers");

  return {
    getMigrationOverview: {
      setup: stageCustomersForA,
      call: get("/api/data-migration"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        const customers = (body as MigrationOverview).entities.find((state) => state.entity === "customers");
        expect(customers?.dataset).toMatchObject({ id: fixture(world, "datasetId"), organization_id: world.orgA.id, row_count: 1 });
      },
    },
    downloadMigrationTemplate: {
      setup: signNdaForA,
      call: get("/api/data-migration/vendors/template"),
      expect: ORGANIZATION,
      verify: async (world) => {
        const response = await call(runtime(), "/api/data-migration/vendors/template", { as: world.memberA });
        expect(await response.text()).toMatch(/^vendor_id,vendor_name,/);
      },
    },
    uploadMigrationFile: {
      setup: signNdaForA,
      call: (caller: CallerKind, world) => ({
        method: "POST",
        path: `/api/data-migration/customers/upload?file_name=${encodeURIComponent(`by ${caller} ${world.tag}.csv`)}`,
        raw: { contentType: "text/csv", text: customersFile(world, caller) },
      }),
      expect: ORGANIZATION,
      check: (caller, body, world) =>
        expect(body).toMatchObject({ dataset: { organization_id: world.orgA.id, file_name: `by ${caller} ${world.tag}.csv`, row_count: 1 }, report: { outcome: "staged" } }),
      verify: async (world) => {
        expect((await customersOfA(world))?.dataset?.file_name).toBe(`by employeeNamingA ${world.tag}.csv`);
        const rows: StagedRows = await (await call(runtime(), "/api/data-migration/customers/rows", { as: world.memberA })).json();
        expect(rows.rows.map((row) => row.values.customer_name)).toEqual([`Customer of employeeNamingA ${world.tag}`]);
      },
    },
    getStagedRows: {
      setup: stageCustomersForA,
      call: get("/api/data-migration/customers/rows?page=1"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        expect(body).toMatchObject({ entity: "customers", total: 1 });
        expect((body as StagedRows).rows.map((row) => row.values.customer_name)).toEqual([`Customer of setup ${world.tag}`]);
      },
    },
    discardMigrationDataset: {
      setup: stageCustomersForA,
      call: () => ({ method: "DELETE", path: "/api/data-migration/customers" }),
      expect: ORGANIZATION,
      check: (caller, body) => expect(body).toEqual({ entity: "customers", discarded_rows: caller === "memberA" ? 1 : 0 }),
      verify: async (world) => expect(await customersOfA(world)).toEqual({ entity: "customers", dataset: null, last_upload: null }),
    },
    listEtlConnections: {
      // A's connection, written directly: the list must show it to the ETL team without its settings.
      setup: async (world) => {
        const name = `Ledger ${world.tag}`;
        world.secretsOfA.push(name, `secret-${world.tag}`);
        const [row] = await runtime()
          .database.db.insert(dataConnections)
          .values({ organizationId: world.orgA.id, dataSourceId: "postgresql", name, connectionConfig: { password: `secret-${world.tag}` } })
          .returning({ id: dataConnections.id });
        world.fixtures.connectionId = row?.id ?? "";
      },
      call: (_caller, world) => ({ method: "GET", path: `/api/etl-admin/connections?q=${world.tag}` }),
      expect: ETL_TEAM,
      check: (_caller, body, world) => {
        expect((body as EtlConnectionList).connections.map((connection) => [connection.id, connection.organization_id])).toEqual([[fixture(world, "connectionId"), world.orgA.id]]);
        expect(JSON.stringify(body)).not.toContain(`secret-${world.tag}`);
      },
    },
    listEtlDatasets: {
      setup: stageCustomersForA,
      call: (_caller, world) => ({ method: "GET", path: `/api/etl-admin/datasets?q=${world.tag}` }),
      expect: ETL_TEAM,
      check: (_caller, body, world) =>
        expect((body as EtlDatasetList).datasets.map((dataset) => [dataset.id, dataset.organization_id])).toEqual([[fixture(world, "datasetId"), world.orgA.id]]),
    },
    exportMigrationDataset: {
      setup: stageCustomersForA,
      call: (_caller, world) => ({ method: "GET", path: `/api/etl-admin/datasets/${fixture(world, "datasetId")}/export` }),
      expect: ETL_TEAM,
      verify: async (world) => {
        const response = await call(runtime(), `/api/etl-admin/datasets/${fixture(world, "datasetId")}/export`, { as: world.employee, org: world.orgA.id });
        expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        const firstRow = `C-1,Customer of setup ${world.tag},`;
        expect((await response.text()).split("\r\n")[1]?.slice(0, firstRow.length)).toBe(firstRow);
      },
    },
    reviewMigrationDataset: {
      setup: stageCustomersForA,
      call: (caller, world) => ({
        method: "POST",
        path: `/api/etl-admin/datasets/${fixture(world, "datasetId")}/review`,
        body: { status: "rejected", comment: `Rejected by ${caller}`, staged_at: fixture(world, "stagedAt") },
      }),
      expect: ETL_TEAM,
      check: (_caller, body, world) =>
        expect(body as EtlDataset).toMatchObject({ id: fixture(world, "datasetId"), organization_id: world.orgA.id, status: "rejected", review_comment: "Rejected by employeeNamingA" }),
      verify: async (world) => expect((await customersOfA(world))?.dataset).toMatchObject({ status: "rejected", review_comment: "Rejected by employeeNamingA" }),
    },
  };
}
