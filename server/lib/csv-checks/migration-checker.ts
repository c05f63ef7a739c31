import type { MigrationIssue } from "#common/contracts/data-migration";
import {
  MIGRATION_ENTITY_IDS,
  MIGRATION_ISSUE_VALUE_MAX,
  MIGRATION_MAX_REPORTED_ISSUES,
  type MigrationColumn,
  type MigrationEntity,
  type MigrationEntityId,
  type StagedValue,
  normalizeMigrationKey,
} from "#common/domain/migration-entities";
import { restoreCsvCell } from "#server/lib/csv-format";

/**
 * The checks of one uploaded file, fed one header and then one row at a time (the CSV reading is
 * migration-validation.ts). It keeps only what the checks need: the keys seen so far, the capped
 * list of issues and the counts. The migration workbench owns these checks; they live in the
 * plumbing because other CSV imports (the open containers of Container Management) check their
 * files the same way and report the same issues.
 */

/** What the checks read of a table: its columns, key, references and row rules (a MigrationEntity is one). */
export type CheckedTable = Pick<MigrationEntity, "columns" | "key" | "references" | "rowRules">;

/** The normalised keys staged for each entity the file refers to; null when that entity has nothing staged. */
export type ReferenceKeys = ReadonlyMap<MigrationEntityId, ReadonlySet<string> | null>;

/** A row that passed every check: its line, its normalised key and its clean values. */
export interface StagedRow {
  line: number;
  key: string;
  values: Record<string, StagedValue>;
}

export interface CheckTally {
  totalRows: number;
  errorRows: number;
  /** Every issue found, listed or not. */
  issueCount: number;
  issues: MigrationIssue[];
  missingReferences: MigrationEntityId[];
  /** The first problem of the whole file (header, shape, size); the rest of it was not read. */
  fileProblem: string | null;
}

export interface MigrationChecker {
  /** False when the header refuses the file (its issues are recorded). */
  checkHeader(cells: readonly string[], line: number): boolean;
  /** The staged form of the row, or null when it has a problem (recorded). */
  checkRow(cells: readonly string[], line: number): StagedRow | null;
  /** Records a problem of the whole file; the caller stops reading. */
  refuseFile(message: string, line: number | null): void;
  rowsChecked(): number;
  hasIssues(): boolean;
  tally(): CheckTally;
}

const isBlank = (value: string) => value.trim() === "";

// Bytes that are not UTF-8 (a file saved as "CSV" in a legacy code page) decode to U+FFFD.
const NOT_UTF8 = "Contains characters that are not UTF-8; save the file as CSV UTF-8";
const hasUndecodableText = (value: string) => value.includes("\ufffd");

/** A cell as an issue quotes it: at most MIGRATION_ISSUE_VALUE_MAX characters, storable as JSON text. */
export function quoteCell(value: string): string {
  let cut = value.length > MIGRATION_ISSUE_VALUE_MAX ? value.slice(0, MIGRATION_ISSUE_VALUE_MAX) : value;
  // A cut between the halves of a pair would leave a lone surrogate, which jsonb refuses; so is NUL.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.replaceAll("\u0000", "\ufffd");
}

function describeSeparatorMistake(cells: readonly string[]): string | null {
  if (cells.length !== 1) return null;
  const only = cells[0] ?? "";
  if (only.includes(";")) return "The columns must be separated by commas; this file seems to use semicolons";
  if (only.includes("\t")) return "The columns must be separated by commas; this file seems to use tabs";
  return null;
}

export function createMigrationChecker(entity: CheckedTable, referenceKeys: ReferenceKeys): MigrationChecker {
  const columnsByName = new Map(entity.columns.map((column) => [column.name.toLowerCase(), column]));
  const keyLabel = entity.columns.find((column) => column.name === entity.key)?.label ?? entity.key;
  const issues: MigrationIssue[] = [];
  const missingReferences = new Set<MigrationEntityId>();
  const firstLineOfKey = new Map<string, number>();
  let issueCount = 0;
  let totalRows = 0;
  let errorRows = 0;
  let fileProblem: string | null = null;
  /** The header's columns by position; null for a cell left empty. */
  let layout: (MigrationColumn | null)[] = [];
  /** Optional columns the header leaves out: staged as null. */
  let absentColumns: MigrationColumn[] = [];

  function record(issue: MigrationIssue, always = false): void {
    issueCount += 1;
    // A problem that stops the reading is listed even past the cap: it is the one to fix first.
    if (always || issues.length < MIGRATION_MAX_REPORTED_ISSUES) issues.push(issue);
  }

  function refuseFile(message: string, line: number | null): void {
    fileProblem ??= message;
    record({ line, column: null, message, value: null }, true);
  }

  function checkHeader(cells: readonly string[], line: number): boolean {
    const headerIssue = (message: string, column: string | null) => {
      fileProblem ??= message;
      record({ line, column, message, value: null });
    };
    const separatorMistake = describeSeparatorMistake(cells);
    if (separatorMistake) {
      headerIssue(separatorMistake, null);
      return false;
    }
    if (cells.some(hasUndecodableText)) {
      headerIssue("The header contains characters that are not UTF-8; save the file as CSV UTF-8", null);
      return false;
    }
    const seen = new Set<string>();
    layout = cells.map((cell) => {
      const name = cell.trim();
      if (name === "") return null;
      const column = columnsByName.get(name.toLowerCase());
      if (!column) {
        headerIssue(`Unknown column ${quoteCell(name)}`, quoteCell(name));
        return null;
      }
      if (seen.has(column.name)) {
        headerIssue(`Column ${column.name} appears more than once`, column.name);
        return null;
      }
      seen.add(column.name);
      return column;
    });
    for (const column of entity.columns) {
      if (column.required && !seen.has(column.name)) headerIssue(`Missing required column ${column.name}`, column.name);
    }
    absentColumns = entity.columns.filter((column) => !seen.has(column.name));
    return fileProblem === null;
  }

  function checkRow(cells: readonly string[], line: number): StagedRow | null {
    totalRows += 1;
    const issuesBefore = issueCount;
    const rowIssue = (column: string | null, message: string, value: string | null) =>
      record({ line, column, message, value: value === null ? null : quoteCell(value) });

    // Spreadsheets pad rows with empty cells past the last column; anything else misaligns the row.
    if (cells.length < layout.length || cells.slice(layout.length).some((cell) => !isBlank(cell))) {
      const found = `${cells.length} ${cells.length === 1 ? "value" : "values"}`;
      rowIssue(null, `This row has ${found}; the header has ${layout.length} columns`, null);
      errorRows += 1;
      return null;
    }

    const values: Record<string, StagedValue> = {};
    const raw: Record<string, string> = {};
    const passed = new Set<string>();
    for (const column of absentColumns) {
      values[column.name] = null;
      passed.add(column.name);
    }
    layout.forEach((column, index) => {
      // An exported cell the writer guarded against spreadsheet formulas reads as the value it was.
      const cell = restoreCsvCell(cells[index] ?? "");
      if (!column) {
        if (!isBlank(cell)) rowIssue(null, `Column ${index + 1} has a value but no name in the header`, cell);
        return;
      }
      raw[column.name] = cell;
      if (isBlank(cell)) {
        if (column.required) {
          rowIssue(column.name, "Required", null);
        } else {
          values[column.name] = null;
          passed.add(column.name);
        }
        return;
      }
      if (hasUndecodableText(cell)) {
        rowIssue(column.name, NOT_UTF8, cell);
        return;
      }
      const parsed = column.cell.safeParse(cell);
      if (parsed.success) {
        values[column.name] = parsed.data;
        passed.add(column.name);
      } else {
        rowIssue(column.name, parsed.error.issues[0]?.message ?? "Not a valid value", cell);
      }
    });

    for (const rule of entity.rowRules) {
      if (!rule.columns.every((name) => passed.has(name) && values[name] !== null)) continue;
      const message = rule.check(values);
      if (message) rowIssue(rule.reportOn, message, raw[rule.reportOn] ?? null);
    }

    const keyValue = values[entity.key];
    let key = "";
    if (passed.has(entity.key) && typeof keyValue === "string") {
      key = normalizeMigrationKey(keyValue);
      const firstLine = firstLineOfKey.get(key);
      if (firstLine === undefined) firstLineOfKey.set(key, line);
      else rowIssue(entity.key, `Duplicate ${keyLabel} ${quoteCell(keyValue)} (first on line ${firstLine})`, raw[entity.key] ?? null);
    }

    for (const reference of entity.references) {
      const value = values[reference.column];
      if (!passed.has(reference.column) || typeof value !== "string") continue;
      const keys = referenceKeys.get(reference.entity) ?? null;
      if (keys === null) missingReferences.add(reference.entity);
      if (!keys?.has(normalizeMigrationKey(value))) rowIssue(reference.column, reference.message(quoteCell(value)), raw[reference.column] ?? null);
    }

    if (issueCount > issuesBefore) {
      errorRows += 1;
      return null;
    }
    return { line, key, values };
  }

  return {
    checkHeader,
    checkRow,
    refuseFile,
    rowsChecked: () => totalRows,
    hasIssues: () => issueCount > 0,
    tally: () => ({
      totalRows,
      errorRows,
      issueCount,
      issues,
      missingReferences: MIGRATION_ENTITY_IDS.filter((id) => missingReferences.has(id)),
      fileProblem,
    }),
  };
}
