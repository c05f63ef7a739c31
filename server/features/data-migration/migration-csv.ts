import { formatStagedCell } from "#common/domain/migration-cells";
import type { MigrationEntity, StagedValue } from "#common/domain/migration-entities";
import { formatCsvRows } from "#server/lib/csv-format";

/**
 * The workbench's CSV files: the template and the ETL team's export, in the template's columns.
 * The upload reads the export back as the values that were staged (the checks in
 * server/lib/csv-checks/migration-checker.ts restore the cells the writer neutralised).
 */

/** The downloadable template: the header row, generated from the columns. */
export function formatMigrationTemplate(entity: MigrationEntity): string {
  return formatCsvRows([entity.columns.map((column) => column.name)]);
}

function readStagedValue(value: unknown): StagedValue {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;
}

/** Staged rows' values (`data` as stored) as CSV lines in the template's column order. */
export function formatStagedRows(entity: MigrationEntity, rows: readonly unknown[]): string {
  return formatCsvRows(
    rows.map((data) => {
      const values = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
      return entity.columns.map((column) => formatStagedCell(readStagedValue(values[column.name])));
    }),
  );
}
