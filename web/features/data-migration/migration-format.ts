import { type StagedDataset, type UploadReport, uploadReportSchema } from "#common/contracts/data-migration";
import { formatAmount } from "#common/domain/money";
import { type MigrationEntityId, type StagedValue, requireMigrationEntity } from "#common/domain/migration-entities";
import { ApiError } from "#web/lib/api-client.ts";

const count = new Intl.NumberFormat("en-US");
const list = new Intl.ListFormat("en-US", { type: "conjunction" });

/** 1234 → "1,234". */
export function formatCount(value: number): string {
  return count.format(value);
}

/** "1 row", "1,234 rows". */
export function countOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** A staged cell for reading: amounts (staged as cents, the only numbers) as money, booleans as Yes/No. */
export function formatStagedValue(value: StagedValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return formatAmount(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value;
}

export function entityLabel(entity: MigrationEntityId): string {
  return requireMigrationEntity(entity).label;
}

/** "Chart of accounts and Customers". */
export function joinEntityLabels(entities: readonly MigrationEntityId[]): string {
  return list.format(entities.map(entityLabel));
}

/** Which file a dataset holds: re-uploading keeps the dataset's id and moves staged_at. */
export function datasetVersion(dataset: Pick<StagedDataset, "id" | "staged_at">): string {
  return `${dataset.id}@${dataset.staged_at}`;
}

/** "Staged: 1,234 rows from customers.csv". */
export function describeStaged(dataset: Pick<StagedDataset, "row_count" | "file_name">): string {
  return `Staged: ${countOf(dataset.row_count, "row", "rows")} from ${dataset.file_name}`;
}

/** "2 of 120 rows have problems. Nothing was staged." (a problem of the whole file counts no row). */
export function summarizeRefusal(report: UploadReport): string {
  const problems =
    report.error_rows > 0
      ? `${formatCount(report.error_rows)} of ${countOf(report.total_rows, "row", "rows")} ${report.error_rows === 1 ? "has" : "have"} problems.`
      : `The file has ${countOf(report.issue_count, "problem", "problems")}.`;
  return `${problems} Nothing was staged.`;
}

/** The upload report a refused file answers with (400 validation_failed, the report in details). */
export function refusalReportOf(error: unknown): UploadReport | null {
  if (!(error instanceof ApiError) || error.code !== "validation_failed") return null;
  const parsed = uploadReportSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}
