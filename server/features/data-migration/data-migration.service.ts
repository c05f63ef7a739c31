import { type MigrationOverview, type StagedRows, migrationEntityIdSchema } from "#common/contracts/data-migration";
import {
  MIGRATION_ENTITY_IDS,
  MIGRATION_PREVIEW_PAGE_SIZE,
  type MigrationEntity,
  type StagedValue,
  migrationTemplateFileName,
  requireMigrationEntity,
} from "#common/domain/migration-entities";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import {
  deleteDataset,
  deleteUploadReport,
  selectDataset,
  selectDatasetForUpdate,
  selectDatasetsOfOrganization,
  selectStagedRowsPage,
  selectUploadReports,
} from "./data-migration.queries.ts";
import { formatMigrationTemplate } from "./migration-csv.ts";
import { presentStagedDataset, presentUploadReport } from "./migration-presenters.ts";

/** The entity named in a path: any other text is answered 404, never a database error. */
export function requireEntity(entityId: string | undefined): MigrationEntity {
  const parsed = migrationEntityIdSchema.safeParse(entityId);
  if (!parsed.success) throw new AppError("not_found", "Unknown entity");
  return requireMigrationEntity(parsed.data);
}

export async function getMigrationOverview(db: Database, organizationId: string): Promise<MigrationOverview> {
  const [datasets, reports] = await Promise.all([selectDatasetsOfOrganization(db, organizationId), selectUploadReports(db, organizationId)]);
  return {
    entities: MIGRATION_ENTITY_IDS.map((entity) => {
      const dataset = datasets.find((row) => row.dataset.entity === entity);
      const report = reports.find((row) => row.report.entity === entity);
      return {
        entity,
        dataset: dataset ? presentStagedDataset(dataset) : null,
        last_upload: report ? presentUploadReport(report) : null,
      };
    }),
  };
}

export interface TemplateFile {
  fileName: string;
  body: string;
}

export function getMigrationTemplate(entityId: string | undefined): TemplateFile {
  const entity = requireEntity(entityId);
  return { fileName: migrationTemplateFileName(entity), body: formatMigrationTemplate(entity) };
}

/** A page of the staged rows in file order; an entity with nothing staged has an empty first page. */
export async function getStagedRows(db: Database, organizationId: string, entityId: string | undefined, page: number): Promise<StagedRows> {
  const entity = requireEntity(entityId);
  const dataset = await selectDataset(db, organizationId, entity.id);
  const rows = dataset
    ? await selectStagedRowsPage(db, organizationId, dataset.dataset.id, MIGRATION_PREVIEW_PAGE_SIZE, (page - 1) * MIGRATION_PREVIEW_PAGE_SIZE)
    : [];
  return {
    entity: entity.id,
    columns: entity.columns.map((column) => column.name),
    rows: rows.map((row) => ({ line: row.line, values: row.data as Record<string, StagedValue> })),
    total: dataset?.dataset.rowCount ?? 0,
    page,
    page_size: MIGRATION_PREVIEW_PAGE_SIZE,
  };
}

/** Discards what is staged for the entity and its newest report; refused once the ETL team loaded it. */
export async function discardDataset(db: Database, organizationId: string, entityId: string | undefined) {
  const entity = requireEntity(entityId);
  return db.transaction(async (tx) => {
    const dataset = await selectDatasetForUpdate(tx, organizationId, entity.id);
    if (dataset?.status === "loaded") {
      throw new AppError("conflict", "The ETL team has loaded these rows; they can no longer be discarded");
    }
    if (dataset) await deleteDataset(tx, organizationId, dataset.id);
    const hadReport = await deleteUploadReport(tx, organizationId, entity.id);
    if (dataset || hadReport) await publishEvent(tx, organizationId, { type: "migrationDatasetChanged", organizationId, entity: entity.id });
    return { entity: entity.id, discarded_rows: dataset?.rowCount ?? 0 };
  });
}
