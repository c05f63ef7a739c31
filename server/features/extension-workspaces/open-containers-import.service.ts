import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import type { Logger } from "pino";
import { type OpenContainersImportResult, type OpenContainersReport, importOpenContainersRoute } from "#common/contracts/extension-workspaces";
import { normalizeLocode } from "#common/domain/shipping-codes";
import { OPEN_CONTAINERS_MAX_FILE_BYTES, OPEN_CONTAINERS_MAX_ROWS, openContainersTable } from "#common/domain/open-containers-import";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { readUploadBody, requireCsvContentType } from "#server/lib/csv-checks/csv-upload-body";
import { createShapeGuard } from "#server/lib/csv-checks/csv-shape-guard";
import type { CheckTally, StagedRow } from "#server/lib/csv-checks/migration-checker";
import { startMigrationValidation } from "#server/lib/csv-checks/migration-validation";
import { limitBytes, tooLarge } from "#server/storage/uploads";
import { selectWorkspaceForUpdate, upsertImport } from "./extension-workspaces.queries.ts";
import { announceWorkspaceChange, loadWorkspace, requireDraft } from "./extension-workspaces.service.ts";
import { CONTAINER_MANAGEMENT, getContainerManagementWorkspace } from "./container-management.service.ts";

/**
 * The CSV import of open containers: read as it streams in and checked cell by cell with the
 * migration workbench's checks (server/lib/csv-checks), against the container types and ports the
 * set-up has saved. A clean file replaces the last import; a file with any problem changes
 * nothing and is answered 400 with its report (line and column of each problem). At most a few
 * thousand rows, so the accepted rows are kept in memory until they are written.
 */

const CSV_TYPES: readonly string[] = importOpenContainersRoute.rawBody?.mediaTypes ?? ["text/csv"];

export interface OpenContainersUpload {
  fileName: string;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
}

const NEEDS_LISTS = "Save at least one container type and two ports first: each imported container is checked against them.";

/** Checks the file and keeps the rows that passed (all of them, when nothing is wrong). */
async function checkFile(chunks: AsyncIterable<Uint8Array>, typeCodes: string[], portCodes: string[]): Promise<{ tally: CheckTally; rows: StagedRow[] }> {
  const validation = startMigrationValidation(openContainersTable(typeCodes, portCodes), new Map(), OPEN_CONTAINERS_MAX_ROWS);
  const rows: StagedRow[] = [];
  const keep = new Writable({
    objectMode: true,
    write(line: string, _encoding, done) {
      rows.push(JSON.parse(line) as StagedRow);
      done();
    },
  });
  let failure: unknown;
  try {
    await pipeline(Readable.from(chunks, { objectMode: false }), createShapeGuard(), parse(validation.parserOptions), keep);
  } catch (error) {
    failure = error;
  }
  return { tally: validation.finish(failure), rows };
}

function reportOf(fileName: string, tally: CheckTally): OpenContainersReport {
  return {
    file_name: fileName,
    outcome: tally.issueCount === 0 ? "imported" : "refused",
    total_rows: tally.totalRows,
    valid_rows: tally.totalRows - tally.errorRows,
    error_rows: tally.errorRows,
    issue_count: tally.issueCount,
    issues: tally.issues,
  };
}

function describeRefusal(tally: CheckTally): string {
  if (tally.fileProblem !== null) return `${tally.fileProblem}. Nothing was imported.`;
  const rows = tally.errorRows.toLocaleString("en-US");
  return `${rows} ${tally.errorRows === 1 ? "row has a problem" : "rows have problems"}. Nothing was imported.`;
}

export async function importOpenContainers(
  db: Database,
  organizationId: string,
  caller: Caller,
  upload: OpenContainersUpload,
  logger: Logger,
): Promise<OpenContainersImportResult> {
  requireCsvContentType(upload.contentType, CSV_TYPES);
  if (Number(upload.contentLength) > OPEN_CONTAINERS_MAX_FILE_BYTES) throw tooLarge(OPEN_CONTAINERS_MAX_FILE_BYTES);
  const { row, answers } = await loadWorkspace(db, organizationId, CONTAINER_MANAGEMENT);
  requireDraft(row?.status);
  const typeCodes = answers.container_types.flatMap((type) => (type.code === null ? [] : [type.code]));
  const portCodes = answers.ports.flatMap((port) => (port.code === null ? [] : [normalizeLocode(port.code)]));
  if (typeCodes.length === 0 || portCodes.length < 2) throw new AppError("conflict", NEEDS_LISTS);

  const { tally, rows } = await checkFile(limitBytes(readUploadBody(upload.body, "imported"), OPEN_CONTAINERS_MAX_FILE_BYTES), typeCodes, portCodes);
  const report = reportOf(upload.fileName, tally);
  if (tally.issueCount > 0) throw new AppError("validation_failed", describeRefusal(tally), report);

  const stored = rows.map(({ line, values }) => ({ line, ...values }));
  const named = (column: string) => [...new Set(rows.map(({ values }) => String(values[column])))].sort();
  await db.transaction(async (tx) => {
    // The set-up may have been submitted while the file was read.
    requireDraft((await selectWorkspaceForUpdate(tx, organizationId, "container-management"))?.status);
    await upsertImport(tx, organizationId, "container-management", {
      fileName: upload.fileName,
      rows: stored,
      typeCodes: named("type_code"),
      portCodes: [...new Set([...named("origin_port"), ...named("destination_port")])].sort(),
      importedBy: caller.userId,
    });
    await announceWorkspaceChange(tx, organizationId, "container-management");
  });
  logger.info({ event: "extension_workspace.containers_imported", organizationId, rows: stored.length }, "open containers imported");
  return { report, workspace: await getContainerManagementWorkspace(db, organizationId, caller) };
}
