import { parse } from "csv-parse/sync";
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MAX_CHARS,
  CATALOG_MAX_ROWS,
  type CatalogRow,
  catalogIssuePath,
} from "#common/contracts/pricing-catalog";
import { centsToDecimal } from "#common/domain/money";
import { CORE_CONTRACT_TYPE, EDITION_IDS, OFFERED_LICENSE_TYPES } from "#common/domain/pricing";
import type { FieldIssue } from "#common/errors";
import { formatCsvRows, restoreCsvCell } from "#server/lib/csv-format";
import { CATALOG_FIELD_RULES, type CatalogColumn, rowKeyOf } from "./catalog-csv-fields.ts";

/** At most this many issues are reported for one file; the rest are counted. */
export const MAX_CATALOG_ISSUES = 200;

export type CatalogCsvResult =
  | { ok: true; rows: CatalogRow[] }
  /** `issueCount` counts every issue found; `issues` lists the first MAX_CATALOG_ISSUES, in file order. */
  | { ok: false; issues: FieldIssue[]; issueCount: number };

interface ParsedRecord {
  fields: string[];
  /** The record's first line in the file (a quoted value may span several). */
  line: number;
}

interface LineIssue extends FieldIssue {
  line: number;
  order: number;
}

const COLUMN_ORDER = new Map<string, number>(CATALOG_CSV_COLUMNS.map((column, index) => [column, index]));

/**
 * Parses and validates a whole catalog CSV. Every bad row is reported (path
 * `row.<line in the file>.<column>`, the header being line 1); any issue refuses the whole file.
 */
export function parseCatalogCsv(text: string): CatalogCsvResult {
  if (text.length > CATALOG_CSV_MAX_CHARS) {
    return fileIssue(1, `The file must be at most ${CATALOG_CSV_MAX_CHARS.toLocaleString("en-US")} characters`);
  }
  const records = readRecords(text);
  if ("issue" in records) return { ok: false, issues: [records.issue], issueCount: 1 };
  const [header, ...data] = records.list;
  if (!header) return fileIssue(1, `The file is empty: it needs a header row with the columns ${CATALOG_CSV_COLUMNS.join(", ")}`);
  const columns = readHeader(header);
  if (!columns.ok) return { ok: false, issues: columns.issues, issueCount: columns.issues.length };
  if (data.length === 0) return fileIssue(header.line, "The file has a header but no catalog rows");
  const overflow = data[CATALOG_MAX_ROWS];
  if (overflow) return fileIssue(overflow.line, `The catalog can have at most ${CATALOG_MAX_ROWS.toLocaleString("en-US")} rows`);

  const issues: LineIssue[] = [];
  const report = (line: number, column: CatalogColumn | undefined, message: string) =>
    issues.push({ line, order: column ? (COLUMN_ORDER.get(column) ?? 0) : -1, path: catalogIssuePath(line, column), message });
  const candidates = data.map((record) => readRow(record, columns.indexes, report));
  checkAcrossRows(candidates, report);

  if (issues.length > 0) {
    issues.sort((a, b) => a.line - b.line || a.order - b.order);
    const listed = issues.slice(0, MAX_CATALOG_ISSUES).map(({ path, message }) => ({ path, message }));
    return { ok: false, issues: listed, issueCount: issues.length };
  }
  return { ok: true, rows: candidates.map((candidate) => candidate.row as CatalogRow) };
}

/**
 * The catalog as CSV with the import's header: prices as decimals with two places, booleans as
 * true/false, text that a spreadsheet would run as a formula neutralised (parseCatalogCsv undoes it).
 */
export function formatCatalogCsv(rows: readonly CatalogRow[]): string {
  const cells = (row: CatalogRow) =>
    CATALOG_CSV_COLUMNS.map((column) => {
      if (column === "price") return centsToDecimal(row.price_cents);
      if (column === "is_calculator_visible") return String(row.is_calculator_visible);
      return row[column];
    });
  return formatCsvRows([[...CATALOG_CSV_COLUMNS], ...rows.map(cells)], "\n");
}

const EDITION_ORDER = new Map<string, number>(EDITION_IDS.map((id, index) => [id, index]));
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Catalog order: editions smallest first, then inventory id, then licence type (byte order, like the export). */
export function compareCatalogRows(a: CatalogRow, b: CatalogRow): number {
  const edition = (EDITION_ORDER.get(a.edition_id) ?? EDITION_IDS.length) - (EDITION_ORDER.get(b.edition_id) ?? EDITION_IDS.length);
  return edition || compareText(a.inventory_id, b.inventory_id) || compareText(a.license_type_id, b.license_type_id);
}

function fileIssue(line: number, message: string): CatalogCsvResult {
  return { ok: false, issues: [{ path: catalogIssuePath(line), message }], issueCount: 1 };
}

type Records = { list: ParsedRecord[] } | { issue: FieldIssue };

function readRecords(text: string): Records {
  // One line ending for every file, so csv-parse counts lines the way editors do.
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  let parsed: { record: string[]; info: { lines: number } }[];
  let lastRecordLine = 0;
  try {
    parsed = parse(normalized, {
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      on_record: (record, context) => {
        lastRecordLine = context.lines;
        return record;
      },
    }) as unknown as typeof parsed;
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    // An unclosed quote is noticed at the end of the file; the record holding it starts after the last good one.
    const line = code === "CSV_QUOTE_NOT_CLOSED" ? firstFilledLineAfter(normalized, lastRecordLine) : lines;
    return { issue: { path: catalogIssuePath(typeof line === "number" && line > 0 ? line : 1), message: describeCsvError(code) } };
  }
  const list = parsed
    // Spreadsheets save rows of empty cells (",,,,"); they carry nothing.
    .filter(({ record }) => record.some((field) => field !== ""))
    .map(({ record, info }) => ({
      fields: record,
      // info.lines is the record's last line; quoted values hold the record's other line breaks.
      line: info.lines - record.reduce((breaks, field) => breaks + field.split("\n").length - 1, 0),
    }));
  return { list };
}

function firstFilledLineAfter(text: string, line: number): number {
  const lines = text.split("\n");
  for (let index = line; index < lines.length; index += 1) if (lines[index]?.trim()) return index + 1;
  return line + 1;
}

function describeCsvError(code: string | undefined): string {
  switch (code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return "A quoted value is never closed: check for a missing closing quote";
    case "INVALID_OPENING_QUOTE":
      return 'A quote appears inside a value: quote the whole value and double the quotes inside it ("")';
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return 'A closing quote is followed by other characters: double the quotes inside a quoted value ("")';
    default:
      return "The file is not valid CSV";
  }
}

type HeaderResult = { ok: true; indexes: Record<CatalogColumn, number> } | { ok: false; issues: FieldIssue[] };

/** Column names in any order and case; each known column exactly once, nothing else. */
function readHeader(header: ParsedRecord): HeaderResult {
  const issues: FieldIssue[] = [];
  const indexes: Partial<Record<CatalogColumn, number>> = {};
  header.fields.forEach((name, index) => {
    const column = name.trim().toLowerCase();
    if (!COLUMN_ORDER.has(column)) {
      const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
      issues.push({ path: catalogIssuePath(header.line), message: `Unknown column "${shown}": the columns are ${CATALOG_CSV_COLUMNS.join(", ")}` });
    } else if (indexes[column as CatalogColumn] !== undefined) {
      issues.push({ path: catalogIssuePath(header.line, column), message: "This column appears more than once" });
    } else {
      indexes[column as CatalogColumn] = index;
    }
  });
  for (const column of CATALOG_CSV_COLUMNS) {
    if (indexes[column] === undefined) issues.push({ path: catalogIssuePath(header.line, column), message: "This column is missing" });
  }
  return issues.length > 0 ? { ok: false, issues: issues.slice(0, MAX_CATALOG_ISSUES) } : { ok: true, indexes: indexes as Record<CatalogColumn, number> };
}

type Report = (line: number, column: CatalogColumn | undefined, message: string) => void;

interface Candidate {
  line: number;
  /** The fields that passed their column's rule. */
  row: Partial<CatalogRow>;
}

function readRow(record: ParsedRecord, indexes: Record<CatalogColumn, number>, report: Report): Candidate {
  const row: Partial<CatalogRow> = {};
  if (record.fields.length !== CATALOG_CSV_COLUMNS.length) {
    report(record.line, undefined, `Expected ${CATALOG_CSV_COLUMNS.length} values, found ${record.fields.length}`);
    return { line: record.line, row };
  }
  for (const column of CATALOG_CSV_COLUMNS) {
    const result = CATALOG_FIELD_RULES[column](restoreCsvCell(record.fields[indexes[column]] ?? ""));
    if (result.ok) Object.assign(row, { [rowKeyOf(column)]: result.value });
    else report(record.line, column, result.message);
  }
  const required = CATALOG_CSV_COLUMNS.every((column) => row[rowKeyOf(column)] !== undefined);
  if (required && row.sku_type === "Core") checkCoreRow(record.line, row as CatalogRow, report);
  return { line: record.line, row };
}

/** Spec §3: core features are included, priced 0, contract type SP and shown in the calculator. */
function checkCoreRow(line: number, row: CatalogRow, report: Report): void {
  if (row.price_cents !== 0) report(line, "price", "Core rows are included features: the price must be 0");
  if (row.contract_type !== CORE_CONTRACT_TYPE) report(line, "contract_type", `Core rows must have contract type ${CORE_CONTRACT_TYPE}`);
  if (!row.is_calculator_visible) report(line, "is_calculator_visible", "Core rows must be visible in the calculator");
}

const isOffered = (license: string | undefined) => (OFFERED_LICENSE_TYPES as readonly string[]).includes(license ?? "");

/**
 * Duplicates of (edition, licence, inventory id) are reported on the later row. Each edition the
 * offered licence lists has exactly one Base row (its subscription), visible in the calculator:
 * estimates include it, and an invisible one would make every estimate's base line incompatible.
 */
function checkAcrossRows(candidates: readonly Candidate[], report: Report): void {
  const firstLineOfKey = new Map<string, number>();
  const baseLine = new Map<string, number>();
  const editionLine = new Map<string, number>();
  let offersAny = false;
  for (const { line, row } of candidates) {
    const { edition_id: edition, license_type_id: license, inventory_id: inventory } = row;
    if (edition && license && inventory) {
      const key = `${edition}\u0000${license}\u0000${inventory}`;
      const earlier = firstLineOfKey.get(key);
      if (earlier === undefined) firstLineOfKey.set(key, line);
      else report(line, "inventory_id", `Row ${earlier} already lists ${inventory} for edition ${edition} and license type ${license}`);
    }
    if (isOffered(license)) offersAny = true;
    if (!edition || !isOffered(license)) continue;
    if (!editionLine.has(edition)) editionLine.set(edition, line);
    if (row.sku_type !== "Base") continue;
    const earlierBase = baseLine.get(edition);
    if (earlierBase !== undefined) {
      report(line, "sku_type", `Edition ${edition} already has its Base row on row ${earlierBase}: each edition has exactly one`);
    } else {
      baseLine.set(edition, line);
    }
    if (row.is_calculator_visible === false) report(line, "is_calculator_visible", "Base rows must be visible in the calculator");
  }
  const first = candidates[0];
  if (!offersAny && first && candidates.every(({ row }) => row.license_type_id !== undefined)) {
    report(first.line, "license_type_id", `No row has license type ${OFFERED_LICENSE_TYPES.join(" or ")}: the calculator would offer nothing`);
  }
  for (const [edition, line] of editionLine) {
    if (!baseLine.has(edition)) report(line, "edition_id", `Edition ${edition} has no Base row: add the edition's subscription`);
  }
}
