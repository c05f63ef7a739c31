import { z } from "zod";
import { EDITION_IDS, OFFERED_LICENSE_TYPES, SKU_TYPES } from "../domain/pricing.ts";
import { defineRoute } from "./http.ts";

/** The price list (spec §3 "add-on pricing row"): one row per inventory id, edition and licence type. */

export const CATALOG_CSV_COLUMNS = [
  "inventory_id",
  "description",
  "module",
  "edition_id",
  "price",
  "sku_type",
  "license_type_id",
  "contract_type",
  "is_calculator_visible",
] as const;

/** The largest CSV the import takes (the API's JSON body limit is 1 MiB). */
export const CATALOG_CSV_MAX_CHARS = 900_000;
export const CATALOG_MAX_ROWS = 5_000;

export const catalogRowSchema = z.object({
  inventory_id: z.string(),
  description: z.string(),
  module: z.string(),
  edition_id: z.string(),
  /** Monthly price in cents (money is never a float). */
  price_cents: z.number().int(),
  sku_type: z.enum(SKU_TYPES),
  license_type_id: z.string(),
  contract_type: z.string(),
  is_calculator_visible: z.boolean(),
});
export type CatalogRow = z.infer<typeof catalogRowSchema>;

const commaList = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .string()
    .transform((text) => text.split(",").map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values, { error: `${label} must be one of ${values.join(", ")}` })).min(1, { error: `Name at least one ${label}` }));

export const catalogQuerySchema = z.object({
  /** Comma-separated edition ids; every edition when absent. */
  editions: commaList(EDITION_IDS, "edition").optional(),
  /** Comma-separated licence types; SAAS when absent (the only one offered). */
  license_types: commaList(OFFERED_LICENSE_TYPES, "license type").optional(),
});

export const catalogAnswerSchema = z.object({
  /** Ordered by edition, then inventory id. */
  rows: z.array(catalogRowSchema),
  updated_at: z.string().nullable(),
});
export type CatalogAnswer = z.infer<typeof catalogAnswerSchema>;

export const importCatalogBodySchema = z.object({
  /** The whole catalog as CSV with the CATALOG_CSV_COLUMNS header; it replaces the current one. */
  csv: z
    .string({ error: "The CSV file is required" })
    .min(1, { error: "The CSV file is empty" })
    .max(CATALOG_CSV_MAX_CHARS, { error: `The CSV file must be at most ${CATALOG_CSV_MAX_CHARS.toLocaleString("en-US")} characters` }),
});
export type ImportCatalogBody = z.infer<typeof importCatalogBodySchema>;

export const importCatalogResultSchema = z.object({
  imported_rows: z.number().int(),
  /** Lines of unlocked estimates no longer offered, now excluded (locked estimates keep theirs). */
  excluded_estimate_lines: z.number().int(),
});
export type ImportCatalogResult = z.infer<typeof importCatalogResultSchema>;

/** A bad row is reported as a field issue with path `row.<line number in the file>.<column>`. */
export function catalogIssuePath(line: number, column?: string): string {
  return column ? `row.${line}.${column}` : `row.${line}`;
}

const tag = "Pricing catalog";

export const getCatalogRoute = defineRoute({
  id: "getPricingCatalog",
  method: "get",
  path: "/api/pricing/catalog",
  summary: "Pricing with add-on properties for the given editions and licence types",
  tag,
  access: "authenticated",
  query: catalogQuerySchema,
  response: catalogAnswerSchema,
});

export const exportCatalogRoute = defineRoute({
  id: "exportPricingCatalog",
  method: "get",
  path: "/api/pricing/catalog/export",
  summary: "The whole catalog as CSV (employees)",
  tag,
  access: "employee",
  response: z.string(),
  produces: "text/csv",
});

export const importCatalogRoute = defineRoute({
  id: "importPricingCatalog",
  method: "post",
  path: "/api/pricing/catalog/import",
  summary: "Replace the catalog from CSV (employees); any bad row refuses the whole file with row-level issues",
  tag,
  access: "employee",
  body: importCatalogBodySchema,
  response: importCatalogResultSchema,
});
