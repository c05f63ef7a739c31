import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, type InfoRecord, type Options, parse } from "csv-parse";
import { MIGRATION_MAX_ROWS } from "#common/domain/migration-entities";
import { FileShapeError, createShapeGuard } from "./csv-shape-guard.ts";
import { type CheckTally, type CheckedTable, type ReferenceKeys, createMigrationChecker } from "./migration-checker.ts";

/**
 * Reading an uploaded CSV for the checks of migration-checker.ts. The checks run inside the
 * parser's on_record hook, record by record as the bytes arrive, so a parse error later in the
 * file never loses what came before it; the rows that pass go out as NDJSON lines, one per row,
 * for the caller to keep out of memory.
 */

/** Longest record the parser assembles (in characters): an unclosed quote fails here, not after the whole file. */
const MAX_RECORD_CHARACTERS = 100_000;

/** Thrown from the hook to stop the parser once the file is refused as a whole. */
class StopReading extends Error {}

export interface MigrationValidation {
  /**
   * csv-parse options carrying the checks: give them to the streaming parser or to csv-parse/sync.
   * The parser emits the NDJSON line of each accepted row.
   */
  parserOptions: Options;
  /**
   * The tally once the parser has ended, or failed with `error`. A CSV syntax problem or a shape
   * the guard refused becomes an issue; any other failure (a body over its limit, a connection
   * gone) is rethrown.
   */
  finish(error?: unknown): CheckTally;
}

function countLineBreaks(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (!cell.includes("\n") && !cell.includes("\r")) continue;
    breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return breaks;
}

function describeCsvError(error: CsvError, line: number): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `A quoted value in the row starting on line ${line} is never closed`;
    case "CSV_MAX_RECORD_SIZE":
      return `The row starting on line ${line} is longer than ${MAX_RECORD_CHARACTERS.toLocaleString("en-US")} characters; is a quote left open?`;
    case "INVALID_OPENING_QUOTE":
      return `Line ${line} has a quote inside a value; put the value in double quotes and double the quote ("")`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `Line ${line} has text after a closing quote; double the quotes inside a quoted value ("")`;
    default:
      return `The file is not valid CSV near line ${line}`;
  }
}

/**
 * Starts the checks of one file of `entity`. Line numbers are counted here rather than taken from
 * the parser, which counts a CRLF inside a quoted value twice: a record starts one line after the
 * line breaks of the records before it (their own and their delimiters) and the empty lines skipped.
 */
export function startMigrationValidation(entity: CheckedTable, referenceKeys: ReferenceKeys, maxRows = MIGRATION_MAX_ROWS): MigrationValidation {
  const checker = createMigrationChecker(entity, referenceKeys);
  const rowLimit = new Intl.NumberFormat("en-US").format(maxRows);
  let breaksBefore = 0;
  let headerRead = false;
  const startLine = (emptyLines: number) => 1 + breaksBefore + emptyLines;

  const onRecord = (cells: string[], info: InfoRecord): string | null => {
    const line = startLine(info.empty_lines);
    breaksBefore += 1 + countLineBreaks(cells);
    // Rows of empty cells are what spreadsheets leave below the data.
    if (cells.every((cell) => cell.trim() === "")) return null;
    if (!headerRead) {
      headerRead = true;
      if (!checker.checkHeader(cells, line)) throw new StopReading();
      return null;
    }
    if (checker.rowsChecked() >= maxRows) {
      checker.refuseFile(`The file has more than ${rowLimit} rows, the most one upload takes`, null);
      throw new StopReading();
    }
    const row = checker.checkRow(cells, line);
    // Once anything is wrong nothing will be staged: accepted rows are no longer written.
    return row && !checker.hasIssues() ? `${JSON.stringify(row)}\n` : null;
  };

  const parserOptions: Options<string, string[]> = {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    on_record: onRecord,
  };
  return {
    // csv-parse's types expect on_record to return a record; the parser emits whatever it returns.
    parserOptions: parserOptions as unknown as Options,
    finish(error?: unknown): CheckTally {
      if (error instanceof FileShapeError) {
        checker.refuseFile(error.message, error.line);
      } else if (error !== undefined && !(error instanceof StopReading)) {
        if (!(error instanceof CsvError)) throw error;
        const line = startLine(typeof error.empty_lines === "number" ? error.empty_lines : 0);
        checker.refuseFile(describeCsvError(error, line), line);
      }
      const tally = checker.tally();
      if (tally.fileProblem !== null) return tally;
      if (!headerRead) checker.refuseFile("The file is empty", null);
      else if (tally.totalRows === 0) checker.refuseFile("The file has no rows", null);
      return checker.tally();
    },
  };
}

/**
 * Validates a CSV streamed from `chunks`, writing the accepted rows to `acceptedRowsPath` as
 * NDJSON (complete only when the tally has no issue). Memory holds the keys and the listed
 * issues, never the file: the shape guard in front of the parser bounds what one row can take.
 */
export async function validateMigrationStream(
  chunks: AsyncIterable<Uint8Array>,
  entity: CheckedTable,
  referenceKeys: ReferenceKeys,
  acceptedRowsPath: string,
): Promise<CheckTally> {
  const validation = startMigrationValidation(entity, referenceKeys);
  let failure: unknown;
  try {
    await pipeline(Readable.from(chunks, { objectMode: false }), createShapeGuard(), parse(validation.parserOptions), createWriteStream(acceptedRowsPath));
  } catch (error) {
    failure = error;
  }
  return validation.finish(failure);
}
