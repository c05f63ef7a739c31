import type { Logger } from "pino";
import { type MigrationEntity, findMigrationEntity } from "#common/domain/migration-entities";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { selectStagedRowsAfter } from "./data-migration.queries.ts";
import { selectEtlDataset } from "./etl-admin.queries.ts";
import { DATASET_NOT_FOUND } from "./etl-admin.service.ts";
import { formatMigrationTemplate, formatStagedRows } from "./migration-csv.ts";

/**
 * A staged dataset as the CSV the ETL team loads into the ERP: the template's columns, the staged
 * values written back so the workbench would read them the same (amounts in dollars), in file
 * order. Read in batches as the download proceeds, never the whole dataset at once.
 */

/** Staged rows per read while exporting. */
const EXPORT_BATCH_ROWS = 1_000;
const SLUG_MAX = 60;

export interface DatasetExport {
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

/** "Northwind Traders, Inc." → "northwind-traders-inc"; empty when nothing of the name is left. */
function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}

/** "<organization>-<entity>.csv", of characters safe in a Content-Disposition header. */
export function exportFileName(organizationName: string, organizationId: string, entity: MigrationEntity): string {
  return `${slugOf(organizationName) || organizationId}-${entity.id}.csv`;
}

interface ExportedDataset {
  organizationId: string;
  datasetId: string;
  stagedAt: Date;
  rowCount: number;
  entity: MigrationEntity;
}

/**
 * The CSV as a stream pulled batch by batch. Each batch is read only while the dataset still holds
 * the file it started with; if a new file is staged (or the dataset discarded) meanwhile, the
 * download breaks off rather than end with rows of two files or a silent gap.
 */
function streamDatasetCsv(db: Database, dataset: ExportedDataset, logger: Logger): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  let afterLine = 0;
  let written = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(formatMigrationTemplate(dataset.entity)));
        return;
      }
      let rows: Awaited<ReturnType<typeof selectStagedRowsAfter>>;
      try {
        rows = await selectStagedRowsAfter(db, dataset.organizationId, dataset.datasetId, dataset.stagedAt, afterLine, EXPORT_BATCH_ROWS);
      } catch (error) {
        logger.error({ err: error, datasetId: dataset.datasetId }, "migration dataset: export failed");
        controller.error(error);
        return;
      }
      const last = rows.at(-1);
      if (!last) {
        if (written === dataset.rowCount) {
          controller.close();
        } else {
          logger.warn({ event: "migration_dataset.export_interrupted", datasetId: dataset.datasetId, written }, "migration dataset: replaced during its export");
          controller.error(new Error("the dataset was replaced while it was exported"));
        }
        return;
      }
      controller.enqueue(encoder.encode(formatStagedRows(dataset.entity, rows.map((row) => row.data))));
      afterLine = last.line;
      written += rows.length;
    },
  });
}

/** Any organization's staged dataset as CSV (the routes' guard admits only the ETL team). */
export async function exportEtlDataset(db: Database, datasetId: string, logger: Logger): Promise<DatasetExport> {
  const row = await selectEtlDataset(db, datasetId);
  const entity = row ? findMigrationEntity(row.dataset.entity) : undefined;
  if (!row || !entity) throw new AppError("not_found", DATASET_NOT_FOUND);
  const { organizationId, stagedAt, rowCount } = row.dataset;
  logger.info({ event: "migration_dataset.exported", organizationId, datasetId, entity: entity.id, rows: rowCount }, "migration dataset: exported");
  return {
    fileName: exportFileName(row.organizationName, organizationId, entity),
    body: streamDatasetCsv(db, { organizationId, datasetId, stagedAt, rowCount, entity }, logger),
  };
}
