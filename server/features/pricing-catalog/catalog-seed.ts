import { readFile } from "node:fs/promises";
import type { Database } from "#server/db/database";
import { parseCatalogCsv } from "./catalog-csv.ts";
import { countCatalogRows, insertCatalogRows, lockCatalogForWrite } from "./catalog.queries.ts";

/** The price list shipped with the portal: data, in the import's CSV format. */
export const DEFAULT_CATALOG_FILE = new URL("./default-catalog.csv", import.meta.url);

export function readDefaultCatalogCsv(): Promise<string> {
  return readFile(DEFAULT_CATALOG_FILE, "utf8");
}

/**
 * Loads the default catalog into an empty pricing_addons; a catalog already there (imported or
 * seeded) is left alone. Safe to run from several processes at once: the catalog write lock
 * serialises them, and a row already present is skipped. Answers how many rows it added.
 */
export async function ensureDefaultCatalog(db: Database): Promise<number> {
  if ((await countCatalogRows(db)) > 0) return 0;
  const parsed = parseCatalogCsv(await readDefaultCatalogCsv());
  if (!parsed.ok) throw new Error(`default-catalog.csv is invalid: ${parsed.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`);
  return db.transaction(async (tx) => {
    await lockCatalogForWrite(tx);
    if ((await countCatalogRows(tx)) > 0) return 0;
    return insertCatalogRows(tx, parsed.rows, new Date(), { skipExisting: true });
  });
}
