import { type StagedDataset, type UploadReport, uploadReportSchema } from "#common/contracts/data-migration";
import { formatAmount } from "#common/domain/money";
import { type MigrationEntityId, type StagedValue, requireMigrationEntity } from "#common/domain/migration-entities";
import { ApiError } from "#web/lib/api-client.ts";

const count = new Intl.NumberFormat("en-US");
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const list = new Intl.ListFormat("en-US", { type: "conjunction" });

/** 1234 → "1,234". */
export function formatCount(value: number): string {
  return count.format(value);
}

/** "1 row", "1,234 rows". */
export function countOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** A day in the reader's locale and time zone. */
export function formatDay(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** A timestamp in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** Spec §9: Bytes, KB, MB or GB with 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ["KB", "MB", "GB"];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(2)} ${units[unit]}`;
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

/** The server's message for a failed call, or `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
