import type { Logger } from "pino";
import type { CatalogAnswer, CatalogRow, ImportCatalogResult } from "#common/contracts/pricing-catalog";
import { decimalToCents } from "#common/domain/money";
import { DEFAULT_LICENSE_TYPE, type SkuType } from "#common/domain/pricing";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { compareCatalogRows, formatCatalogCsv, parseCatalogCsv } from "./catalog-csv.ts";
import {
  type CatalogDbRow,
  deleteAllCatalogRows,
  insertCatalogRows,
  insertLinesExcludedHistory,
  lockCatalogForWrite,
  markUnofferedLinesIncompatible,
  selectAllCatalogRows,
  selectCatalogRows,
  updateEstimateTotalsFromLines,
} from "./catalog.queries.ts";

export function presentCatalogRow(row: CatalogDbRow): CatalogRow {
  return {
    inventory_id: row.inventoryId,
    description: row.description,
    module: row.module,
    edition_id: row.editionId,
    price_cents: decimalToCents(row.price),
    sku_type: row.skuType as SkuType,
    license_type_id: row.licenseTypeId,
    contract_type: row.contractType,
    is_calculator_visible: row.isCalculatorVisible,
  };
}

/** "Pricing with add-on properties" (spec §7): the given editions (all by default) and licence types (SAAS by default). */
export async function getCatalog(db: Database, query: { editions?: string[]; license_types?: string[] } = {}): Promise<CatalogAnswer> {
  const found = await selectCatalogRows(db, { editions: query.editions, licenseTypes: query.license_types ?? [DEFAULT_LICENSE_TYPE] });
  const updated = found.reduce<Date | null>((latest, row) => (latest && latest >= row.updatedAt ? latest : row.updatedAt), null);
  return { rows: found.map(presentCatalogRow).sort(compareCatalogRows), updated_at: updated?.toISOString() ?? null };
}

/** The whole catalog, every licence type, as the CSV the import takes. */
export async function exportCatalogCsv(db: Database): Promise<string> {
  const rows = (await selectAllCatalogRows(db)).map(presentCatalogRow).sort(compareCatalogRows);
  return formatCatalogCsv(rows);
}

/**
 * Replaces the whole catalog from CSV. The file is checked first: any bad row refuses it with
 * every row's issues and nothing changes. Then, in one transaction, the rows are replaced and
 * unlocked estimates lose the lines no longer offered (marked incompatible, totals recomputed,
 * history written, their organizations told).
 */
export async function importCatalog(db: Database, csv: string, actorId: string | null, logger: Logger): Promise<ImportCatalogResult> {
  const parsed = parseCatalogCsv(csv);
  if (!parsed.ok) {
    const more = parsed.issueCount > parsed.issues.length ? ` (the first ${parsed.issues.length} are listed)` : "";
    const problems = parsed.issueCount === 1 ? "1 problem" : `${parsed.issueCount.toLocaleString("en-US")} problems`;
    throw new AppError("validation_failed", `The catalog file has ${problems}${more}; nothing was imported.`, parsed.issues);
  }
  const result = await db.transaction(async (tx) => {
    await lockCatalogForWrite(tx);
    const now = new Date();
    await deleteAllCatalogRows(tx);
    const imported = await insertCatalogRows(tx, parsed.rows, now);
    const excluded = await markUnofferedLinesIncompatible(tx);
    const estimates = await updateEstimateTotalsFromLines(
      tx,
      excluded.map((entry) => entry.estimateId),
      now,
    );
    await insertLinesExcludedHistory(tx, estimates, actorId);
    // Last: publishing holds the event-order lock until the commit.
    for (const estimate of estimates) {
      await publishEvent(tx, estimate.organizationId, { type: "estimateHeaderChanged", organizationId: estimate.organizationId, estimateId: estimate.id });
      await publishEvent(tx, estimate.organizationId, { type: "estimateDetailsChanged", organizationId: estimate.organizationId, estimateId: estimate.id });
    }
    return {
      imported_rows: imported,
      excluded_estimate_lines: excluded.reduce((sum, entry) => sum + entry.lines, 0),
      estimates: estimates.length,
    };
  });
  logger.info(
    { importedRows: result.imported_rows, excludedEstimateLines: result.excluded_estimate_lines, estimates: result.estimates, actorId },
    "pricing catalog imported",
  );
  return { imported_rows: result.imported_rows, excluded_estimate_lines: result.excluded_estimate_lines };
}
