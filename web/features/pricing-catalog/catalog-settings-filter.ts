import type { CatalogRow } from "#common/contracts/pricing-catalog";

/** The edition select's "every edition" value (Radix Select items cannot have an empty value). */
export const ALL_EDITIONS = "all";

/** Rows of one edition (or all) whose inventory id, description or module contains the text. */
export function filterCatalogRows(rows: readonly CatalogRow[], edition: string, text: string): CatalogRow[] {
  const needle = text.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (edition === ALL_EDITIONS || row.edition_id === edition) &&
      (needle === "" || [row.inventory_id, row.description, row.module].some((value) => value.toLowerCase().includes(needle))),
  );
}
