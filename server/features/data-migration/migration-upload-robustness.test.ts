import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadReport, UploadResult } from "#common/contracts/data-migration";
import { MIGRATION_ENTITIES, MIGRATION_MAX_REPORTED_ISSUES, type MigrationEntity } from "#common/domain/migration-entities";
import type { Runtime } from "#server/runtime";
import { buildMigrationMember, uploadCsv, validCsv } from "#tests/migration-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { type Rng, createRng } from "#tests/seeded-random";

/**
 * The upload route under malformed files: seeded random CSV-like bodies (quotes, separators, line
 * breaks of every kind, NUL, bytes that are not UTF-8, byte order marks, wide cells), clean files
 * written the ways spreadsheets write them, and odd content types. Every answer is a staged file,
 * a report or a clear refusal; never a 5xx or a logged error, and every report agrees with itself.
 */

const SEED = 0x6d16_2026;
const REQUESTS = 240;

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const PIECES = [",", '"', '""', "\r\n", "\n", "\r", " ", "\t", ";", "\u0000", "é", "😀", "\ufeff", "x", "CUST-1", "2026-10-01", "1,234.50", "-1", "yes", "USD"];
const BYTES = [Buffer.from([0xff, 0xfe]), Buffer.from([0xe9]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xef, 0xbb, 0xbf])];
const TYPES = ["text/csv", "text/csv; charset=utf-8", "text/plain", "application/octet-stream", "application/vnd.ms-excel", null, "application/json", "text/html", ""];

/** A valid file of an entity that refers to none, written in one of the ways spreadsheets write it. */
function cleanBody(rng: Rng, entity: MigrationEntity): Buffer {
  const eol = rng.pick(["\r\n", "\n", "\r"]);
  const [header = "", ...rows] = validCsv(entity.id, 1 + rng.int(30), { start: 1 + rng.int(1_000) }).split("\r\n");
  const text = [rng.chance(0.5) ? header.toUpperCase() : header, ...rows].join(eol);
  return Buffer.from(`${rng.chance(0.3) ? "\ufeff" : ""}${text}${rng.chance(0.3) ? `${eol}${eol}` : ""}`);
}

function randomBody(rng: Rng, entity: MigrationEntity): Buffer {
  if (entity.references.length === 0 && rng.chance(0.2)) return cleanBody(rng, entity);
  const parts: Buffer[] = [];
  // Often a real header (shuffled, cased), so the rows get checked; else anything.
  if (rng.chance(0.7)) {
    const names = entity.columns.map((column) => column.name).filter(() => rng.chance(0.8));
    parts.push(Buffer.from(`${names.map((name) => (rng.chance(0.1) ? name.toUpperCase() : name)).join(",")}\r\n`));
  }
  const pieces = rng.int(400);
  for (let index = 0; index < pieces; index += 1) {
    if (rng.chance(0.05)) parts.push(rng.pick(BYTES));
    else if (rng.chance(0.01)) parts.push(Buffer.from("w".repeat(1_000 + rng.int(120_000))));
    else parts.push(Buffer.from(rng.pick(PIECES)));
  }
  if (rng.chance(0.3)) parts.push(Buffer.from(validCsv(entity.id, 1 + rng.int(20)).split("\r\n").slice(1).join("\r\n")));
  return Buffer.concat(parts);
}

function expectConsistent(report: UploadReport): void {
  expect(report.valid_rows + report.error_rows).toBe(report.total_rows);
  expect(report.error_rows).toBeLessThanOrEqual(report.issue_count);
  expect(report.issues.length).toBeLessThanOrEqual(Math.min(report.issue_count, MIGRATION_MAX_REPORTED_ISSUES + 1));
  expect(report.outcome).toBe(report.issue_count === 0 ? "staged" : "refused");
}

describe("upload robustness", () => {
  it("answers every malformed upload with a report or a clear refusal", { timeout: 240_000 }, async () => {
    const rng = createRng(SEED);
    const { member } = await buildMigrationMember(runtime);
    const statuses = new Map<number, number>();
    for (let index = 0; index < REQUESTS; index += 1) {
      const entity = rng.pick(MIGRATION_ENTITIES);
      const path = rng.chance(0.95) ? entity.id : rng.pick(["nothing", "%ZZ", "__proto__"]);
      const response = await uploadCsv(runtime, member, path, randomBody(rng, entity), { contentType: rng.pick(TYPES), fileName: `fuzz-${index}.csv` });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const body = await response.json();
      if (response.status === 200) {
        const result = body as UploadResult;
        expectConsistent(result.report);
        expect(result.dataset.row_count).toBe(result.report.total_rows);
        continue;
      }
      expect([400, 404, 415], JSON.stringify(body).slice(0, 300)).toContain(response.status);
      expect(typeof body.error?.message).toBe("string");
      if (body.error.code === "validation_failed") expectConsistent(body.error.details as UploadReport);
    }
    // The seed reaches staging, reports and refusals by type.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 3);
    expect(statuses.get(415) ?? 0).toBeGreaterThan(0);
  });
});
