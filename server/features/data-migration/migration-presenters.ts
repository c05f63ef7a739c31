import { z } from "zod";
import {
  DATASET_STATUSES,
  type DatasetStatus,
  type StagedDataset,
  type UploadReport,
  migrationEntityIdSchema,
  migrationIssueSchema,
} from "#common/contracts/data-migration";
import type { MigrationEntityId } from "#common/domain/migration-entities";
import type { DatasetRow, UploadReportRow } from "./data-migration.queries.ts";

/** Database rows (camelCase) to API answers (snake_case). */

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

// Rows are written only by this feature, with these values; a stored list that no longer reads
// (an older format) shows as empty rather than failing the page.
const storedIssues = z.array(migrationIssueSchema).catch([]);
const storedEntities = z.array(migrationEntityIdSchema).catch([]);

function toStatus(status: string): DatasetStatus {
  return (DATASET_STATUSES as readonly string[]).includes(status) ? (status as DatasetStatus) : "staged";
}

export function presentStagedDataset(row: DatasetRow): StagedDataset {
  const { dataset } = row;
  return {
    id: dataset.id,
    organization_id: dataset.organizationId,
    entity: dataset.entity as MigrationEntityId,
    status: toStatus(dataset.status),
    file_name: dataset.fileName,
    row_count: dataset.rowCount,
    staged_by_name: row.stagedByName,
    staged_at: dataset.stagedAt.toISOString(),
    review_comment: dataset.reviewComment,
    reviewed_by_name: row.reviewedByName,
    reviewed_at: iso(dataset.reviewedAt),
    updated_at: dataset.updatedAt.toISOString(),
  };
}

export function presentUploadReport(row: UploadReportRow): UploadReport {
  const { report } = row;
  return {
    entity: report.entity as MigrationEntityId,
    file_name: report.fileName,
    outcome: report.outcome === "staged" ? "staged" : "refused",
    total_rows: report.totalRows,
    valid_rows: report.validRows,
    error_rows: report.errorRows,
    issue_count: report.issueCount,
    issues: storedIssues.parse(report.issues),
    missing_references: storedEntities.parse(report.missingReferences),
    uploaded_by_name: row.uploadedByName,
    uploaded_at: report.uploadedAt.toISOString(),
  };
}
