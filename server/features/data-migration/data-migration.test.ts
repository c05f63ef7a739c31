import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MigrationOverview } from "#common/contracts/data-migration";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { MIGRATION_ENTITIES, MIGRATION_ENTITY_IDS, MIGRATION_PREVIEW_PAGE_SIZE } from "#common/domain/migration-entities";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { buildMigrationMember, columnsOf, stagedRowsOf, uploadCsv, uploadOk, uploadRefused, validCsv } from "#tests/migration-test-kit";
import { eventTypesAfter, lastEventId, signNdaOk } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** The workbench's reads and discard: overview, template, preview pages, NDA gating and tenant isolation. */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function overviewOf(as: TestUser, org?: string): Promise<MigrationOverview> {
  const response = await call(runtime, "/api/data-migration", { as, org });
  expect(response.status).toBe(200);
  return response.json();
}

function discard(as: TestUser, entity: string, org?: string): Promise<Response> {
  return call(runtime, `/api/data-migration/${entity}`, { method: "DELETE", as, org });
}

describe("overview", () => {
  it("lists every entity in upload order, nothing staged or uploaded yet", async () => {
    const { member } = await buildMigrationMember(runtime);
    expect(await overviewOf(member)).toEqual({ entities: MIGRATION_ENTITY_IDS.map((entity) => ({ entity, dataset: null, last_upload: null })) });
  });

  it("shows each entity's dataset and newest report, refused ones included", async () => {
    const { organization, member } = await buildMigrationMember(runtime, { fullName: "Ana Lima" });
    const staged = await uploadOk(runtime, member, "vendors", validCsv("vendors", 4), { fileName: "Vendors 2026.csv" });
    const refused = await uploadRefused(runtime, member, "items", validCsv("items", 1));
    const overview = await overviewOf(member);
    expect(overview.entities.map((state) => state.entity)).toEqual([...MIGRATION_ENTITY_IDS]);
    const vendors = overview.entities.find((state) => state.entity === "vendors");
    expect(vendors).toEqual({ entity: "vendors", dataset: staged.dataset, last_upload: staged.report });
    expect(vendors?.dataset).toMatchObject({
      organization_id: organization.id,
      status: "staged",
      file_name: "Vendors 2026.csv",
      row_count: 4,
      staged_by_name: "Ana Lima",
      review_comment: null,
      reviewed_by_name: null,
      reviewed_at: null,
    });
    expect(overview.entities.find((state) => state.entity === "items")).toEqual({ entity: "items", dataset: null, last_upload: refused.report });
  });
});

describe("template", () => {
  it("downloads each entity's header row as a CSV attachment", async () => {
    const { member } = await buildMigrationMember(runtime);
    for (const entity of MIGRATION_ENTITIES) {
      const response = await call(runtime, `/api/data-migration/${entity.id}/template`, { as: member });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${entity.id}-template.csv"`);
      expect(await response.text()).toBe(`${entity.columns.map((column) => column.name).join(",")}\r\n`);
    }
  });

  it("answers 404 for an unknown entity", async () => {
    const { member } = await buildMigrationMember(runtime);
    for (const entity of ["employees", "__proto__", "constructor", "Customers"]) {
      const response = await call(runtime, `/api/data-migration/${entity}/template`, { as: member });
      expect(response.status, entity).toBe(404);
      expect((await response.json()).error).toEqual({ code: "not_found", message: "Unknown entity" });
    }
  });

  it("is a file the upload takes once rows are added", async () => {
    const { member } = await buildMigrationMember(runtime);
    const template = await (await call(runtime, "/api/data-migration/chart-of-accounts/template", { as: member })).text();
    await uploadOk(runtime, member, "chart-of-accounts", `${template}4000,Sales,Income,,true\r\n`);
  });
});

describe("preview", () => {
  it("pages the staged rows in file order with the total", async () => {
    const { member } = await buildMigrationMember(runtime);
    const count = MIGRATION_PREVIEW_PAGE_SIZE * 2 + 7;
    await uploadOk(runtime, member, "customers", validCsv("customers", count));

    const first = await stagedRowsOf(runtime, member, "customers");
    expect(first).toMatchObject({ entity: "customers", columns: columnsOf("customers"), total: count, page: 1, page_size: MIGRATION_PREVIEW_PAGE_SIZE });
    expect(first.rows).toHaveLength(MIGRATION_PREVIEW_PAGE_SIZE);
    expect(first.rows[0]).toEqual({
      line: 2,
      values: {
        customer_id: "CUST-1",
        customer_name: "Customer 1",
        email: "contact1@example.test",
        phone: "+1 555 0100",
        address_line1: null,
        city: "Springfield",
        state: null,
        postal_code: null,
        country: "US",
        currency: "USD",
        payment_terms: "Net 30",
        credit_limit: 2_500_000,
      },
    });
    const third = await stagedRowsOf(runtime, member, "customers", 3);
    expect(third.rows.map((row) => row.line)).toEqual(Array.from({ length: 7 }, (_, index) => 2 * MIGRATION_PREVIEW_PAGE_SIZE + 2 + index));
    expect((await stagedRowsOf(runtime, member, "customers", 4)).rows).toEqual([]);
  });

  it("answers an empty page when nothing is staged, and refuses bad pages", async () => {
    const { member } = await buildMigrationMember(runtime);
    expect(await stagedRowsOf(runtime, member, "items")).toMatchObject({ entity: "items", rows: [], total: 0, page: 1 });
    for (const page of ["0", "-1", "1.5", "abc"]) {
      const response = await call(runtime, `/api/data-migration/items/rows?page=${page}`, { as: member });
      expect(response.status, page).toBe(400);
    }
    expect((await call(runtime, "/api/data-migration/nothing/rows", { as: member })).status).toBe(404);
  });
});

describe("discard", () => {
  it("discards the staged rows and the report, and publishes the change", async () => {
    const { organization, member } = await buildMigrationMember(runtime);
    await uploadOk(runtime, member, "vendors", validCsv("vendors", 3));
    const before = await lastEventId(runtime, organization.id);
    const response = await discard(member, "vendors");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ entity: "vendors", discarded_rows: 3 });
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["migrationDatasetChanged"]);
    expect((await overviewOf(member)).entities.find((state) => state.entity === "vendors")).toEqual({ entity: "vendors", dataset: null, last_upload: null });
    expect((await stagedRowsOf(runtime, member, "vendors")).total).toBe(0);

    // A refused upload's report alone is cleared too; discarding nothing changes nothing.
    await uploadRefused(runtime, member, "vendors", "vendor_id\r\n");
    expect(await (await discard(member, "vendors")).json()).toEqual({ entity: "vendors", discarded_rows: 0 });
    const quiet = await lastEventId(runtime, organization.id);
    expect(await (await discard(member, "vendors")).json()).toEqual({ entity: "vendors", discarded_rows: 0 });
    expect(await eventTypesAfter(runtime, organization.id, quiet)).toEqual([]);
  });

  it("refuses once the ETL team has loaded the dataset, and allows it after a rejection", async () => {
    const { organization, member } = await buildMigrationMember(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    const staged = await uploadOk(runtime, member, "customers", validCsv("customers", 2));
    const review = (status: string, comment: string) =>
      call(runtime, `/api/etl-admin/datasets/${staged.dataset.id}/review`, {
        method: "POST",
        as: employee,
        org: organization.id,
        body: { status, comment, staged_at: staged.dataset.staged_at },
      });

    expect((await review("loaded", "")).status).toBe(200);
    const refused = await discard(member, "customers");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toEqual({ code: "conflict", message: "The ETL team has loaded these rows; they can no longer be discarded" });
    expect((await stagedRowsOf(runtime, member, "customers")).total).toBe(2);

    expect((await review("rejected", "Credit limits are in the wrong currency")).status).toBe(200);
    expect(await (await discard(member, "customers")).json()).toEqual({ entity: "customers", discarded_rows: 2 });
  });
});

describe("access", () => {
  it("is closed until the organization's NDA is signed (403), then open", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const requests = [
      () => call(runtime, "/api/data-migration", { as: member }),
      () => call(runtime, "/api/data-migration/customers/template", { as: member }),
      () => uploadCsv(runtime, member, "customers", validCsv("customers", 1)),
      () => call(runtime, "/api/data-migration/customers/rows", { as: member }),
      () => discard(member, "customers"),
    ];
    for (const request of requests) {
      const response = await request();
      expect(response.status).toBe(403);
      expect((await response.json()).error).toEqual({ code: "forbidden", message: NDA_REQUIRED_REASON });
    }
    await signNdaOk(runtime, member);
    expect((await Promise.all(requests.map((request) => request()))).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it("answers 401 without a session", async () => {
    const response = await runtime.app.request("/api/data-migration", {});
    expect(response.status).toBe(401);
    expect((await uploadCsv(runtime, null, "customers", validCsv("customers", 1))).status).toBe(401);
  });

  it("keeps each organization's datasets to itself; an employee sees the one they name", async () => {
    const a = await buildMigrationMember(runtime);
    const b = await buildMigrationMember(runtime);
    await uploadOk(runtime, a.member, "customers", validCsv("customers", 3), { fileName: "a-customers.csv" });

    expect((await overviewOf(b.member)).entities.every((state) => state.dataset === null && state.last_upload === null)).toBe(true);
    expect((await stagedRowsOf(runtime, b.member, "customers")).total).toBe(0);
    expect(await (await discard(b.member, "customers")).json()).toEqual({ entity: "customers", discarded_rows: 0 });
    expect((await call(runtime, "/api/data-migration", { as: b.member, org: a.organization.id })).status).toBe(404);
    expect((await uploadCsv(runtime, b.member, "customers", validCsv("customers", 1), { org: a.organization.id })).status).toBe(404);

    const employee = await buildUser(runtime, { isEmployee: true });
    const seen = await overviewOf(employee, a.organization.id);
    expect(seen.entities.find((state) => state.entity === "customers")?.dataset).toMatchObject({ organization_id: a.organization.id, file_name: "a-customers.csv" });
    expect((await stagedRowsOf(runtime, employee, "customers", 1, a.organization.id)).total).toBe(3);
    expect((await stagedRowsOf(runtime, a.member, "customers")).total).toBe(3);
  });
});
