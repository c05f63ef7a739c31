import { readFile, stat, writeFile } from "node:fs/promises";
import { CATALOG_CSV_MAX_CHARS } from "#common/contracts/pricing-catalog";
import type { FieldIssue } from "#common/errors";
import { AppError } from "#server/lib/app-error";
import type { CliCommand } from "./cli-commands.ts";

/** A UTF-8 character takes at most 4 bytes: a larger file cannot be within the character limit. */
const MAX_FILE_BYTES = CATALOG_CSV_MAX_CHARS * 4;

/** "row 5, price: Price must be …", as the operator reads it next to the file. */
export function describeIssueForOperator(issue: FieldIssue): string {
  const match = /^row\.(\d+)(?:\.(.+))?$/.exec(issue.path);
  if (!match) return issue.message;
  return match[2] ? `row ${match[1]}, ${match[2]}: ${issue.message}` : `row ${match[1]}: ${issue.message}`;
}

async function readCatalogFile(file: string, location: string): Promise<string> {
  try {
    const info = await stat(location);
    if (!info.isFile()) throw new AppError("bad_request", `${file} is not a file`);
    if (info.size > MAX_FILE_BYTES) throw new AppError("payload_too_large", `${file} is too large for a catalog (at most ${CATALOG_CSV_MAX_CHARS.toLocaleString("en-US")} characters)`);
    return await readFile(location, "utf8");
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("not_found", `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

const importCatalogCommand: CliCommand = {
  name: "catalog:import",
  summary:
    "Replaces the pricing catalog with a CSV file (the format catalog:export writes).\n" +
    "Every bad row is listed and nothing is imported; lines of unlocked estimates the new catalog\n" +
    "no longer offers are excluded from them (locked estimates keep theirs).",
  options: [],
  arguments: [{ name: "file", description: "The CSV file to import", required: true }],
  async run(context, options) {
    const csv = await readCatalogFile(String(options.file), context.resolvePath(String(options.file)));
    try {
      const { importCatalog } = await import("#server/features/pricing-catalog/catalog.service");
      const result = await importCatalog(context.db, csv, null, context.logger);
      context.stdout(`imported ${result.imported_rows} catalog rows; ${result.excluded_estimate_lines} estimate lines no longer offered were excluded`);
    } catch (error) {
      if (error instanceof AppError && error.code === "validation_failed" && Array.isArray(error.details)) {
        const rows = (error.details as FieldIssue[]).map(describeIssueForOperator);
        throw new AppError("validation_failed", [error.message, ...rows].join("\n"));
      }
      throw error;
    }
  },
};

const exportCatalogCommand: CliCommand = {
  name: "catalog:export",
  summary: "Writes the pricing catalog as CSV to a file, or to stdout without one.",
  options: [],
  arguments: [{ name: "file", description: "Where to write the CSV (replaced if it exists); stdout when omitted" }],
  async run(context, options) {
    // A database the server has not started on yet gets the catalog the server would load.
    const [{ ensureDefaultCatalog }, { exportCatalogCsv }] = await Promise.all([
      import("#server/features/pricing-catalog/catalog-seed"),
      import("#server/features/pricing-catalog/catalog.service"),
    ]);
    await ensureDefaultCatalog(context.db);
    const csv = await exportCatalogCsv(context.db);
    if (typeof options.file !== "string") {
      context.stdout(csv.replace(/\n$/, ""));
      return;
    }
    await writeFile(context.resolvePath(options.file), csv, "utf8");
    context.stdout(`exported ${csv.trimEnd().split("\n").length - 1} catalog rows to ${options.file}`);
  },
};

export const catalogCommands: readonly CliCommand[] = [exportCatalogCommand, importCatalogCommand];
