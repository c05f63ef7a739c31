import { mkdir, mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_MAX_FILE_BYTES, MIGRATION_MAX_ROW_CELLS } from "#common/domain/migration-entities";
import type { Runtime } from "#server/runtime";
import { buildCsv, buildMigrationMember, columnsOf, issueTriples, uploadOk, uploadRefused, validCsv } from "#tests/migration-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { FileShapeError, createShapeGuard } from "#server/lib/csv-checks/csv-shape-guard";
import { removeStaleUploadFolders } from "./migration-upload.service.ts";

/**
 * What one upload may cost: the shape guard in front of the parser bounds a line's length and a
 * row's values, so a hostile body (commas without end, a line without end) is refused early with
 * its line, and the memory it takes stays small. Stale temporary folders are removed at start-up.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** Runs bytes through the guard alone: the error it ends with, or null. */
async function guard(...chunks: string[]): Promise<FileShapeError | null> {
  try {
    await pipeline(
      Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
      createShapeGuard(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const _chunk of source);
      },
    );
    return null;
  } catch (error) {
    if (error instanceof FileShapeError) return error;
    throw error;
  }
}

/** The heap's highest reading while `work` runs (sampled between the chunks the server reads). */
async function peakHeapDuring<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 1);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage().heapUsed) - base };
  } finally {
    clearInterval(sampler);
  }
}

const commas = (count: number) => ",".repeat(count);

describe("the shape guard", () => {
  it("counts the values of a row, not the commas inside quoted values or across its quoted line breaks", async () => {
    expect(await guard(`a${commas(MIGRATION_MAX_ROW_CELLS - 1)}\r\n`)).toBeNull();
    expect(await guard(`"${commas(5_000)}"\r\n"x""${commas(300)}"\r\n`)).toBeNull();
    const wide = await guard("a,b\r\n", `c${commas(100)}"line\r\nbreak"`, commas(MIGRATION_MAX_ROW_CELLS - 101), ",\r\n");
    expect(wide).toMatchObject({ message: `The row starting on line 2 has more than ${MIGRATION_MAX_ROW_CELLS} values`, line: 2 });
  });

  it("counts lines as an editor does, whatever the line endings, and refuses one over 256 KiB", async () => {
    const long = "x".repeat(256 * 1024 + 1);
    expect(await guard(`a\r\nb\nc\rd\r`, "\n", long)).toMatchObject({ message: "Line 5 is longer than 256 KiB", line: 5 });
    expect(await guard("x".repeat(256 * 1024), "\r\n", "ok")).toBeNull();
  });
});

describe("uploads the guard refuses", () => {
  it("refuses a body of commas at its first row, without building it", async () => {
    const { member } = await buildMigrationMember(runtime);
    const body = Buffer.alloc(MIGRATION_MAX_FILE_BYTES - 1, ",");
    const { result, growth } = await peakHeapDuring(() => uploadRefused(runtime, member, "customers", body));
    expect(issueTriples(result.report.issues)).toEqual([[1, null, `The row starting on line 1 has more than ${MIGRATION_MAX_ROW_CELLS} values`]]);
    expect(result.message).toBe(`The row starting on line 1 has more than ${MIGRATION_MAX_ROW_CELLS} values. Nothing was staged.`);
    // Built as one record, these commas took hundreds of MiB; refused early, little beyond the body itself.
    expect(growth).toBeLessThan(128 * 1024 * 1024);
  });

  it("refuses a row of too many values after valid rows, naming its line", async () => {
    const { member } = await buildMigrationMember(runtime);
    const csv = `${validCsv("customers", 3)}C-9,Wide${commas(MIGRATION_MAX_ROW_CELLS)}\r\n`;
    const { report } = await uploadRefused(runtime, member, "customers", csv);
    expect(issueTriples(report.issues)).toEqual([[5, null, `The row starting on line 5 has more than ${MIGRATION_MAX_ROW_CELLS} values`]]);
  });

  it("refuses a line longer than 256 KiB, naming it", async () => {
    const { member } = await buildMigrationMember(runtime);
    const header = columnsOf("customers").join(",");
    // One chunk here, so the guard reads the whole line before the parser meets its long value.
    const body = Buffer.from(`${header}\r\nC-1,${"y".repeat(300 * 1024)}\r\n`);
    const { report } = await uploadRefused(runtime, member, "customers", body);
    expect(report.issues).toHaveLength(1);
    expect(report.issues[0]).toMatchObject({ line: 2, column: null });
    expect(report.issues[0]?.message).toBe("Line 2 is longer than 256 KiB");
  });

  it("still stages files whose quoted values hold many commas and line breaks", async () => {
    const { member } = await buildMigrationMember(runtime);
    // More commas inside quotes than a row may have values, within the columns' lengths.
    const street = `Dock ${",".repeat(150)}\r\nrear gate`;
    const city = `${",".repeat(60)}Springfield`;
    const csv = buildCsv([["customer_id", "customer_name", "address_line1", "city"], ["C-1", "Northwind", street, city]]);
    expect((await uploadOk(runtime, member, "customers", csv)).dataset.row_count).toBe(1);
  });
});

describe("removeStaleUploadFolders", () => {
  it("removes upload folders older than an hour and leaves the rest", async () => {
    const parent = await mkdtemp(join(tmpdir(), "stale-uploads-test-"));
    try {
      const old = join(parent, "migration-upload-old");
      const fresh = join(parent, "migration-upload-fresh");
      const other = join(parent, "something-else-old");
      for (const folder of [old, fresh, other]) await mkdir(folder);
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(old, twoHoursAgo, twoHoursAgo);
      await utimes(other, twoHoursAgo, twoHoursAgo);

      expect(await removeStaleUploadFolders(parent)).toBe(1);
      expect((await readdir(parent)).sort()).toEqual(["migration-upload-fresh", "something-else-old"]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
