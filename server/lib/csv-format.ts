import { stringify } from "csv-stringify/sync";

/**
 * The one CSV writer of every export, and the rule the importers read its cells back with
 * (decision 031).
 *
 * A spreadsheet runs a cell that begins with =, +, -, @, tab or carriage return as a formula
 * (OWASP, CSV Injection), so such a cell is written with a single quote in front, which
 * spreadsheets show as text. Apple Numbers reads the full-width = + - @ the same way, so they count
 * too. Plain numbers such as -12.50 stay as they are: digits cannot hold a formula, and loaders
 * and spreadsheets must still read them as numbers. A cell that already begins with quotes before
 * a trigger gets one more, so that taking one quote off on import gives every value back exactly.
 */

const TRIGGER = "[=+\\-@\\t\\r\\uff1d\\uff0b\\uff0d\\uff20]";
const STARTS_LIKE_FORMULA = new RegExp(`^'*${TRIGGER}`);
const NEUTRALISED = new RegExp(`^'+${TRIGGER}`);
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

function neutraliseCell(value: string): string {
  return STARTS_LIKE_FORMULA.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export type CsvLineEnding = "\r\n" | "\n";

/**
 * Rows of cells as CSV text: formulas neutralised, cells quoted as RFC 4180 requires (commas,
 * quotes, line breaks), every row ended with `lineEnding`.
 */
export function formatCsvRows(rows: readonly (readonly string[])[], lineEnding: CsvLineEnding = "\r\n"): string {
  // csv-stringify stops quoting a lone \n or \r once record_delimiter is set, unless told to.
  return stringify(rows as string[][], { record_delimiter: lineEnding, quote_record_delimiter: true, cast: { string: neutraliseCell } });
}

/** A cell as the importers read it: a cell of quotes before a formula trigger loses one quote. */
export function restoreCsvCell(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}
