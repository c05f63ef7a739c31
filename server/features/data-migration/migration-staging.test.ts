import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MigrationOverview, UploadResult } from "#common/contracts/data-migration";
import { MIGRATION_MAX_FILE_BYTES } from "#common/domain/migration-entities";
import { migrationDatasets, migrationStagedRows, realtimeEvents } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildUser, call } from "#tests/factories";
import { buildMigrationMember, csvWith, stagedRowsOf, uploadCsv, uploadOk, uploadRefused, validCsv, validRow } from "#tests/migration-test-kit";
import { lastEventId } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * Staging: a clean file replaces what is staged, in one transaction; a refused, broken or oversized
 * upload leaves it as it was; uploads of one entity queue; every change is published.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function overviewOf(member: TestUser): Promise<MigrationOverview> {
  const response = await call(runtime, "/api/data-migration", { as: member });
  expect(response.status).toBe(200);
  return response.json();
}

async function stateOf(member: TestUser, entity: string) {
  const state = (await overviewOf(member)).entities.find((entry) => entry.entity === entity);
  if (!state) throw new Error(`no ${entity} in the overview`);
  return state;
}

async function eventsAfter(organizationId: string, afterId: number): Promise<unknown[]> {
  const rows = await runtime.database.db
    .select({ payload: realtimeEvents.payload })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.organizationId, organizationId), gt(realtimeEvents.id, afterId)))
    .orderBy(asc(realtimeEvents.id));
  return rows.map((row) => row.payload);
}

/** A body that sends `text` and then fails, as a connection reset does. */
function breakingBody(text: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) controller.error(new Error("socket hang up"));
      else controller.enqueue(new TextEncoder().encode(text));
      sent = true;
    },
  });
}

describe("fix and re-upload", () => {
  it("keeps the staged rows through a refused upload and replaces them with the fixed file", async () => {
    const { organization, member } = await buildMigrationMember(runtime);
    const first = await uploadOk(runtime, member, "customers", validCsv("customers", 3), { fileName: "customers-v1.csv" });

    const before = await lastEventId(runtime, organization.id);
    const broken = validCsv("customers", 4).replace("Customer 2", "");
    const refused = await uploadRefused(runtime, member, "customers", broken, { fileName: "customers-v2.csv" });
    expect(refused.message).toBe("1 row has a problem. Nothing was staged.");
    expect(await eventsAfter(organization.id, before)).toEqual([{ type: "migrationDatasetChanged", organizationId: organization.id, entity: "customers" }]);
    const afterRefusal = await stateOf(member, "customers");
    expect(afterRefusal.dataset).toEqual(first.dataset);
    expect(afterRefusal.last_upload).toEqual(refused.report);
    expect(refused.report).toMatchObject({ file_name: "customers-v2.csv", outcome: "refused", total_rows: 4, valid_rows: 3, error_rows: 1 });
    expect((await stagedRowsOf(runtime, member, "customers")).rows.map((row) => row.values.customer_id)).toEqual(["CUST-1", "CUST-2", "CUST-3"]);

    const fixed = await uploadOk(runtime, member, "customers", validCsv("customers", 2, { start: 10 }), { fileName: "customers-v3.csv" });
    expect(fixed.dataset).toMatchObject({ id: first.dataset.id, file_name: "customers-v3.csv", row_count: 2, status: "staged" });
    expect(fixed.report).toMatchObject({ file_name: "customers-v3.csv", outcome: "staged", total_rows: 2, valid_rows: 2 });
    const staged = await stagedRowsOf(runtime, member, "customers");
    expect(staged.rows.map((row) => [row.line, row.values.customer_id])).toEqual([
      [2, "CUST-10"],
      [3, "CUST-11"],
    ]);
    expect(staged.total).toBe(2);
    expect(await stateOf(member, "customers")).toEqual({ entity: "customers", dataset: fixed.dataset, last_upload: fixed.report });
  });

  it("stages a new file over a reviewed dataset, clearing the review", async () => {
    const { organization, member } = await buildMigrationMember(runtime);
    const employee = await buildUser(runtime, { isEmployee: true, fullName: "Etl Reviewer" });
    const first = await uploadOk(runtime, member, "vendors", validCsv("vendors", 2));
    const review = await call(runtime, `/api/etl-admin/datasets/${first.dataset.id}/review`, {
      method: "POST",
      as: employee,
      org: organization.id,
      body: { status: "loaded", comment: "Loaded into the ERP", staged_at: first.dataset.staged_at },
    });
    expect(review.status).toBe(200);
    const again = await uploadOk(runtime, member, "vendors", validCsv("vendors", 3));
    expect(again.dataset).toMatchObject({ status: "staged", row_count: 3, review_comment: null, reviewed_by_name: null, reviewed_at: null });
  });

  it("names who staged the file, an employee acting for the organization too", async () => {
    const { organization, member } = await buildMigrationMember(runtime, { fullName: "Ana Lima" });
    expect((await uploadOk(runtime, member, "vendors", validCsv("vendors", 1))).dataset.staged_by_name).toBe("Ana Lima");
    const employee = await buildUser(runtime, { isEmployee: true, fullName: "Provider Staff" });
    const result = await uploadOk(runtime, employee, "vendors", validCsv("vendors", 1), { org: organization.id });
    expect(result.dataset).toMatchObject({ organization_id: organization.id, staged_by_name: "Provider Staff" });
    expect(result.report.uploaded_by_name).toBe("Provider Staff");
  });
});

describe("nothing partially staged", () => {
  it("stages nothing from a body that breaks off, and keeps the previous dataset and report", async () => {
    const { organization, member } = await buildMigrationMember(runtime);
    const previous = await uploadOk(runtime, member, "customers", validCsv("customers", 2));
    const before = await lastEventId(runtime, organization.id);

    const response = await uploadCsv(runtime, member, "customers", breakingBody(validCsv("customers", 50, { start: 100 })));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      code: "bad_request",
      message: "The upload broke off before the end of the file; nothing was staged. Try again.",
    });
    expect(await eventsAfter(organization.id, before)).toEqual([]);
    expect(await stateOf(member, "customers")).toEqual({ entity: "customers", dataset: previous.dataset, last_upload: previous.report });
    expect((await stagedRowsOf(runtime, member, "customers")).rows.map((row) => row.values.customer_id)).toEqual(["CUST-1", "CUST-2"]);
  });

  it("refuses a body over the limit, declared or streamed, and stages nothing", async () => {
    const { member } = await buildMigrationMember(runtime);
    const previous = await uploadOk(runtime, member, "customers", validCsv("customers", 1));

    const declared = await uploadCsv(runtime, member, "customers", validCsv("customers", 1), { headers: { "content-length": String(MIGRATION_MAX_FILE_BYTES + 1) } });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBe("payload_too_large");

    // Wide rows (each refused, the reading goes on) until the bytes pass the limit; no Content-Length.
    const row = new TextEncoder().encode(`C-1,${"x".repeat(90_000)}\r\n`);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(sent === 0 ? new TextEncoder().encode("customer_id,customer_name\r\n") : row);
        sent += 1;
      },
    });
    const streamed = await uploadCsv(runtime, member, "customers", endless);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error).toEqual({ code: "payload_too_large", message: "The file is larger than the limit of 30 MiB" });
    expect(sent * row.byteLength).toBeGreaterThan(MIGRATION_MAX_FILE_BYTES);
    expect(await stateOf(member, "customers")).toEqual({ entity: "customers", dataset: previous.dataset, last_upload: previous.report });
  });

  it("queues simultaneous uploads of one entity: one dataset whose rows are one file's", async () => {
    const { organization, member } = await buildMigrationMember(runtime);
    const sizes = [40, 10, 30, 20];
    const responses = await Promise.all(
      sizes.map((size) => uploadCsv(runtime, member, "customers", validCsv("customers", size, { start: size * 100 }), { fileName: `customers-${size}.csv` })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const results: UploadResult[] = await Promise.all(responses.map((response) => response.json()));
    expect(new Set(results.map((result) => result.dataset.id)).size).toBe(1);

    const datasets = await runtime.database.db.select().from(migrationDatasets).where(eq(migrationDatasets.organizationId, organization.id));
    expect(datasets).toHaveLength(1);
    const [dataset] = datasets;
    const rows = await runtime.database.db.select().from(migrationStagedRows).where(eq(migrationStagedRows.organizationId, organization.id));
    expect(rows).toHaveLength(dataset?.rowCount ?? -1);
    const size = Number(/customers-(\d+)\.csv/.exec(dataset?.fileName ?? "")?.[1]);
    expect(sizes).toContain(size);
    expect(new Set(rows.map((row) => Math.floor(Number(row.rowKey.replace("CUST-", "")) / 100)))).toEqual(new Set([size]));
  });
});

describe("staged values", () => {
  // Batches reach the database as JSON text: what JSON escapes must come back as the file had it.
  it("stages every row of a file larger than a batch, in file order, each cell as the file has it", async () => {
    const { organization, member } = await buildMigrationMember(runtime);
    const tricky = { customer_name: 'Back\\slash, "quoted" {"a":[1]} \\u00e9\ttab', city: "Zürich 🏔️ 東京", email: "" };
    const rows = Array.from({ length: 1_201 }, (_, offset) => (offset === 600 ? tricky : validRow("customers", offset + 1)));
    const { dataset } = await uploadOk(runtime, member, "customers", csvWith("customers", rows));
    expect(dataset.row_count).toBe(1_201);

    const staged = await runtime.database.db
      .select({ line: migrationStagedRows.line, key: migrationStagedRows.rowKey, data: migrationStagedRows.data })
      .from(migrationStagedRows)
      .where(eq(migrationStagedRows.organizationId, organization.id))
      .orderBy(asc(migrationStagedRows.line));
    expect(staged.map((row) => row.line)).toEqual(Array.from({ length: 1_201 }, (_, offset) => offset + 2));
    expect(staged[600]).toMatchObject({ key: "CUST-601", data: { customer_id: "CUST-601", ...tricky, email: null } });
    expect(staged[1_200]).toMatchObject({ key: "CUST-1201", data: { customer_id: "CUST-1201", city: "Springfield" } });
  });
});

describe("temporary files", () => {
  it("leaves none behind, whatever the outcome", async () => {
    const { member } = await buildMigrationMember(runtime);
    const folder = await mkdtemp(join(tmpdir(), "migration-test-"));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = folder;
    try {
      await uploadOk(runtime, member, "vendors", validCsv("vendors", 600));
      await uploadRefused(runtime, member, "vendors", validCsv("vendors", 3).replace("Vendor 2", ""));
      expect((await uploadCsv(runtime, member, "vendors", breakingBody(validCsv("vendors", 5)))).status).toBe(400);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("refused requests", () => {
  it("answers 415 for a body that is not CSV and accepts the types browsers give .csv files", async () => {
    const { member } = await buildMigrationMember(runtime);
    for (const type of ["application/json", "multipart/form-data; boundary=x", "image/png"]) {
      const response = await uploadCsv(runtime, member, "vendors", validCsv("vendors", 1), { contentType: type });
      expect(response.status, type).toBe(415);
      expect((await response.json()).error).toMatchObject({ code: "unsupported_media_type", message: "Upload the file as CSV (text/csv)" });
    }
    for (const type of ["text/csv; charset=utf-8", "text/plain", "application/vnd.ms-excel", "application/octet-stream", null]) {
      const response = await uploadCsv(runtime, member, "vendors", validCsv("vendors", 1), { contentType: type });
      expect(response.status, String(type)).toBe(200);
    }
  });

  it("answers 404 for an unknown entity and 400 without a file name", async () => {
    const { member } = await buildMigrationMember(runtime);
    for (const entity of ["suppliers", "CUSTOMERS", "%00", "customers.csv"]) {
      const response = await uploadCsv(runtime, member, entity, validCsv("customers", 1));
      expect(response.status, entity).toBe(404);
      expect((await response.json()).error).toEqual({ code: "not_found", message: "Unknown entity" });
    }
    const response = await runtime.app.request("/api/data-migration/customers/upload", {
      method: "POST",
      headers: { origin: "http://portal.test", cookie: member.cookie, "content-type": "text/csv" },
      body: validCsv("customers", 1),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: "validation_failed", message: "file_name: file_name is required" });
  });
});
