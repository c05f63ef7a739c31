import { createReadStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type UploadReport, type UploadResult, uploadMigrationFileRoute } from "#common/contracts/data-migration";
import { MIGRATION_MAX_FILE_BYTES, type MigrationEntity, referencedEntities } from "#common/domain/migration-entities";
import type { Database, Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { readUploadBody, requireCsvContentType } from "#server/lib/csv-checks/csv-upload-body";
import { publishEvent } from "#server/realtime/publish-event";
import { limitBytes, tooLarge } from "#server/storage/uploads";
import {
  type NewUploadReport,
  deleteStagedRows,
  insertStagedRowsJson,
  selectDataset,
  selectStagedKeys,
  selectUploadReport,
  upsertStagedDataset,
  upsertUploadReport,
} from "./data-migration.queries.ts";
import { requireEntity } from "./data-migration.service.ts";
import type { CheckTally, ReferenceKeys } from "#server/lib/csv-checks/migration-checker";
import { presentStagedDataset, presentUploadReport } from "./migration-presenters.ts";
import { validateMigrationStream } from "#server/lib/csv-checks/migration-validation";

/** Rows per insert statement while staging. */
const STAGING_BATCH_ROWS = 500;

/** Each upload's accepted rows wait in a temporary folder named so. */
const UPLOAD_FOLDER_PREFIX = "migration-upload-";
/** An upload folder this old belongs to no upload still running (one takes seconds). */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** The types a browser may give a .csv file (the contract lists them). */
const CSV_TYPES: readonly string[] = uploadMigrationFileRoute.rawBody?.mediaTypes ?? ["text/csv"];

export interface MigrationUpload {
  fileName: string;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
}

/** The staged keys of the entities `entity` refers to, read once before the file streams in. */
async function loadReferenceKeys(db: Database, organizationId: string, entity: MigrationEntity): Promise<ReferenceKeys> {
  const keys = new Map<MigrationEntity["id"], ReadonlySet<string> | null>();
  for (const referenced of referencedEntities(entity)) {
    keys.set(referenced, (await selectStagedKeys(db, organizationId, referenced)) ?? null);
  }
  return keys;
}

/**
 * The accepted rows in batches, each the JSON text of an array of rows: the NDJSON lines are
 * joined, never parsed here (decision 034). The file is closed however the reading ends (a failed
 * insert stops it early).
 */
async function* readAcceptedRowBatches(path: string): AsyncGenerator<{ json: string; rows: number }> {
  const input = createReadStream(path, { encoding: "utf8" });
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    let batch: string[] = [];
    for await (const line of lines) {
      if (line === "") continue;
      batch.push(line);
      if (batch.length === STAGING_BATCH_ROWS) {
        yield { json: `[${batch.join(",")}]`, rows: batch.length };
        batch = [];
      }
    }
    if (batch.length > 0) yield { json: `[${batch.join(",")}]`, rows: batch.length };
  } finally {
    lines.close();
    input.destroy();
  }
}

function describeRefusal(tally: CheckTally): string {
  if (tally.fileProblem !== null) return `${tally.fileProblem}. Nothing was staged.`;
  const rows = tally.errorRows.toLocaleString("en-US");
  return `${rows} ${tally.errorRows === 1 ? "row has a problem" : "rows have problems"}. Nothing was staged.`;
}

function newReport(entity: MigrationEntity, fileName: string, caller: Caller, tally: CheckTally): NewUploadReport {
  return {
    entity: entity.id,
    fileName,
    outcome: tally.issueCount === 0 ? "staged" : "refused",
    totalRows: tally.totalRows,
    validRows: tally.totalRows - tally.errorRows,
    errorRows: tally.errorRows,
    issueCount: tally.issueCount,
    issues: tally.issues,
    missingReferences: tally.missingReferences,
    uploadedBy: caller.userId,
  };
}

async function readReport(tx: Transaction, organizationId: string, entity: MigrationEntity): Promise<UploadReport> {
  const row = await selectUploadReport(tx, organizationId, entity.id);
  if (!row) throw new Error("the upload report was not written");
  return presentUploadReport(row);
}

/** Saves a refused upload's report (the staged rows stay as they were) and answers 400 with it. */
async function refuseUpload(db: Database, organizationId: string, entity: MigrationEntity, report: NewUploadReport, tally: CheckTally): Promise<never> {
  const saved = await db.transaction(async (tx) => {
    await upsertUploadReport(tx, organizationId, report);
    const presented = await readReport(tx, organizationId, entity);
    await publishEvent(tx, organizationId, { type: "migrationDatasetChanged", organizationId, entity: entity.id });
    return presented;
  });
  throw new AppError("validation_failed", describeRefusal(tally), saved);
}

/** Replaces the entity's staged rows with the accepted ones, all in one transaction. */
async function stageRows(db: Database, organizationId: string, entity: MigrationEntity, report: NewUploadReport, rowsPath: string): Promise<UploadResult> {
  return db.transaction(async (tx) => {
    const datasetId = await upsertStagedDataset(tx, organizationId, {
      entity: entity.id,
      fileName: report.fileName,
      rowCount: report.totalRows,
      stagedBy: report.uploadedBy,
    });
    await deleteStagedRows(tx, organizationId, datasetId);
    let inserted = 0;
    for await (const batch of readAcceptedRowBatches(rowsPath)) {
      await insertStagedRowsJson(tx, organizationId, datasetId, batch.json);
      inserted += batch.rows;
    }
    if (inserted !== report.totalRows) throw new Error(`staged ${inserted} rows of ${report.totalRows}`);
    await upsertUploadReport(tx, organizationId, report);
    const dataset = await selectDataset(tx, organizationId, entity.id);
    if (!dataset) throw new Error("the dataset was not written");
    const result = { report: await readReport(tx, organizationId, entity), dataset: presentStagedDataset(dataset) };
    await publishEvent(tx, organizationId, { type: "migrationDatasetChanged", organizationId, entity: entity.id });
    return result;
  });
}

/**
 * Validates an uploaded CSV as it streams in. A clean file replaces what is staged for the entity;
 * a file with any problem stages nothing and is answered 400 with its report. The file itself is
 * never held: accepted rows wait in a temporary NDJSON file, removed whatever happens.
 */
export async function uploadMigrationFile(
  db: Database,
  organizationId: string,
  caller: Caller,
  entityId: string | undefined,
  upload: MigrationUpload,
): Promise<UploadResult> {
  const entity = requireEntity(entityId);
  requireCsvContentType(upload.contentType, CSV_TYPES);
  if (Number(upload.contentLength) > MIGRATION_MAX_FILE_BYTES) throw tooLarge(MIGRATION_MAX_FILE_BYTES);

  const referenceKeys = await loadReferenceKeys(db, organizationId, entity);
  const folder = await mkdtemp(join(tmpdir(), UPLOAD_FOLDER_PREFIX));
  try {
    const rowsPath = join(folder, "accepted-rows.ndjson");
    const tally = await validateMigrationStream(limitBytes(readUploadBody(upload.body, "staged"), MIGRATION_MAX_FILE_BYTES), entity, referenceKeys, rowsPath);
    const report = newReport(entity, upload.fileName, caller, tally);
    if (tally.issueCount > 0) return await refuseUpload(db, organizationId, entity, report, tally);
    return await stageRows(db, organizationId, entity, report, rowsPath);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Removes upload folders a process left behind when it stopped mid-upload (a crash, a kill):
 * those in `directory` named like ours and older than an hour. Answers how many went; a folder
 * that cannot be removed is left for the next start.
 */
export async function removeStaleUploadFolders(directory = tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    if (!name.startsWith(UPLOAD_FOLDER_PREFIX)) continue;
    const folder = join(directory, name);
    try {
      const info = await stat(folder);
      if (!info.isDirectory() || now - info.mtimeMs < STALE_UPLOAD_MS) continue;
      await rm(folder, { recursive: true, force: true });
      removed += 1;
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  return removed;
}
