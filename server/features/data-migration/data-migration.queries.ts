import { and, asc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MigrationIssue } from "#common/contracts/data-migration";
import type { MigrationEntityId } from "#common/domain/migration-entities";
import type { Queryable } from "#server/db/database";
import { migrationDatasets, migrationStagedRows, migrationUploadReports, users } from "#server/db/schema/index";

/** Statements of the migration workbench: datasets, their staged rows and the newest upload reports. */

export type DatasetRecord = typeof migrationDatasets.$inferSelect;

/** A dataset with the names its answer shows. */
export interface DatasetRow {
  dataset: DatasetRecord;
  stagedByName: string | null;
  reviewedByName: string | null;
}

export interface UploadReportRow {
  report: typeof migrationUploadReports.$inferSelect;
  uploadedByName: string | null;
}

export interface NewUploadReport {
  entity: MigrationEntityId;
  fileName: string;
  outcome: "staged" | "refused";
  totalRows: number;
  validRows: number;
  errorRows: number;
  issueCount: number;
  issues: MigrationIssue[];
  missingReferences: MigrationEntityId[];
  uploadedBy: string;
}

const stager = alias(users, "dataset_stager");
const reviewer = alias(users, "dataset_reviewer");

/** Datasets with their stager's and reviewer's names, for the callers below to narrow. */
function selectDatasetRows(db: Queryable) {
  return db
    .select({ dataset: migrationDatasets, stagedByName: stager.name, reviewedByName: reviewer.name })
    .from(migrationDatasets)
    .leftJoin(stager, eq(stager.id, migrationDatasets.stagedBy))
    .leftJoin(reviewer, eq(reviewer.id, migrationDatasets.reviewedBy));
}

export function selectDatasetsOfOrganization(db: Queryable, organizationId: string): Promise<DatasetRow[]> {
  return selectDatasetRows(db).where(eq(migrationDatasets.organizationId, organizationId));
}

export async function selectDataset(db: Queryable, organizationId: string, entity: MigrationEntityId): Promise<DatasetRow | undefined> {
  const [row] = await selectDatasetRows(db).where(and(eq(migrationDatasets.organizationId, organizationId), eq(migrationDatasets.entity, entity)));
  return row;
}

/** The dataset's row, locked until the transaction ends (discarding waits for an upload, and the reverse). */
export async function selectDatasetForUpdate(db: Queryable, organizationId: string, entity: MigrationEntityId): Promise<DatasetRecord | undefined> {
  const [row] = await db
    .select()
    .from(migrationDatasets)
    .where(and(eq(migrationDatasets.organizationId, organizationId), eq(migrationDatasets.entity, entity)))
    .for("update");
  return row;
}

function selectReportRows(db: Queryable) {
  return db
    .select({ report: migrationUploadReports, uploadedByName: users.name })
    .from(migrationUploadReports)
    .leftJoin(users, eq(users.id, migrationUploadReports.uploadedBy));
}

export function selectUploadReports(db: Queryable, organizationId: string): Promise<UploadReportRow[]> {
  return selectReportRows(db).where(eq(migrationUploadReports.organizationId, organizationId));
}

export async function selectUploadReport(db: Queryable, organizationId: string, entity: MigrationEntityId): Promise<UploadReportRow | undefined> {
  const [row] = await selectReportRows(db).where(
    and(eq(migrationUploadReports.organizationId, organizationId), eq(migrationUploadReports.entity, entity)),
  );
  return row;
}

/** The normalised keys of the rows staged for `entity`; undefined when it has no dataset. */
export async function selectStagedKeys(db: Queryable, organizationId: string, entity: MigrationEntityId): Promise<Set<string> | undefined> {
  const rows = await db
    .select({ datasetId: migrationDatasets.id, key: migrationStagedRows.rowKey })
    .from(migrationDatasets)
    .leftJoin(
      migrationStagedRows,
      and(eq(migrationStagedRows.datasetId, migrationDatasets.id), eq(migrationStagedRows.organizationId, organizationId)),
    )
    .where(and(eq(migrationDatasets.organizationId, organizationId), eq(migrationDatasets.entity, entity)));
  if (rows.length === 0) return undefined;
  return new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])));
}

/**
 * Creates or replaces the entity's dataset as freshly staged. On an existing one the upsert takes
 * its row lock, so uploads of one entity queue until the transaction ends.
 */
export async function upsertStagedDataset(
  db: Queryable,
  organizationId: string,
  dataset: { entity: MigrationEntityId; fileName: string; rowCount: number; stagedBy: string },
): Promise<string> {
  const staged = {
    status: "staged",
    fileName: dataset.fileName,
    rowCount: dataset.rowCount,
    stagedBy: dataset.stagedBy,
    stagedAt: sql`now()`,
    reviewComment: null,
    reviewedBy: null,
    reviewedAt: null,
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(migrationDatasets)
    .values({ organizationId, entity: dataset.entity, ...staged })
    .onConflictDoUpdate({ target: [migrationDatasets.organizationId, migrationDatasets.entity], set: staged })
    .returning({ id: migrationDatasets.id });
  if (!row) throw new Error("the dataset was not written");
  return row.id;
}

export async function deleteStagedRows(db: Queryable, organizationId: string, datasetId: string): Promise<void> {
  await db
    .delete(migrationStagedRows)
    .where(and(eq(migrationStagedRows.organizationId, organizationId), eq(migrationStagedRows.datasetId, datasetId)));
}

/**
 * Stages a batch of accepted rows given as the JSON text of an array of StagedRow objects (the
 * validator's NDJSON lines joined): the database unpacks it, so the process builds no object per
 * row and sends one parameter per batch instead of five per row.
 */
export async function insertStagedRowsJson(db: Queryable, organizationId: string, datasetId: string, rowsJson: string): Promise<void> {
  await db.execute(sql`
    insert into ${migrationStagedRows} (dataset_id, organization_id, line, row_key, data)
    select ${datasetId}::uuid, ${organizationId}::uuid, (accepted->>'line')::integer, accepted->>'key', accepted->'values'
    from jsonb_array_elements(${rowsJson}::jsonb) as accepted`);
}

/** Deletes the dataset (its staged rows go with it). */
export async function deleteDataset(db: Queryable, organizationId: string, datasetId: string): Promise<void> {
  await db.delete(migrationDatasets).where(and(eq(migrationDatasets.organizationId, organizationId), eq(migrationDatasets.id, datasetId)));
}

export async function upsertUploadReport(db: Queryable, organizationId: string, report: NewUploadReport): Promise<void> {
  const { entity, ...fields } = report;
  const values = { ...fields, uploadedAt: sql`now()` };
  await db
    .insert(migrationUploadReports)
    .values({ organizationId, entity, ...values })
    .onConflictDoUpdate({ target: [migrationUploadReports.organizationId, migrationUploadReports.entity], set: values });
}

/** True when there was a report to delete. */
export async function deleteUploadReport(db: Queryable, organizationId: string, entity: MigrationEntityId): Promise<boolean> {
  const deleted = await db
    .delete(migrationUploadReports)
    .where(and(eq(migrationUploadReports.organizationId, organizationId), eq(migrationUploadReports.entity, entity)))
    .returning({ entity: migrationUploadReports.entity });
  return deleted.length > 0;
}

/** One page of a dataset's staged rows, in file order. */
export function selectStagedRowsPage(db: Queryable, organizationId: string, datasetId: string, limit: number, offset: number) {
  return db
    .select({ line: migrationStagedRows.line, data: migrationStagedRows.data })
    .from(migrationStagedRows)
    .where(and(eq(migrationStagedRows.organizationId, organizationId), eq(migrationStagedRows.datasetId, datasetId)))
    .orderBy(asc(migrationStagedRows.line))
    .limit(limit)
    .offset(offset);
}

/**
 * The next `limit` staged rows after line `afterLine`, in file order, provided the dataset still
 * holds the file staged at `stagedAt` (to the millisecond, as answers carry it); none otherwise.
 * Read in one statement, so a batch never mixes two files.
 */
export function selectStagedRowsAfter(db: Queryable, organizationId: string, datasetId: string, stagedAt: Date, afterLine: number, limit: number) {
  return db
    .select({ line: migrationStagedRows.line, data: migrationStagedRows.data })
    .from(migrationStagedRows)
    .innerJoin(migrationDatasets, and(eq(migrationDatasets.id, migrationStagedRows.datasetId), eq(migrationDatasets.organizationId, organizationId)))
    .where(
      and(
        eq(migrationStagedRows.organizationId, organizationId),
        eq(migrationStagedRows.datasetId, datasetId),
        gt(migrationStagedRows.line, afterLine),
        sql`date_trunc('milliseconds', ${migrationDatasets.stagedAt}) = ${stagedAt.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(migrationStagedRows.line))
    .limit(limit);
}
