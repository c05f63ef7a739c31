import { and, count, eq, inArray, notExists, sql } from "drizzle-orm";
import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { centsToDecimal } from "#common/domain/money";
import { DEFAULT_LICENSE_TYPE } from "#common/domain/pricing";
import type { Queryable, Transaction } from "#server/db/database";
import { pricingAddons, pricingEstimateHistory, pricingEstimateLines, pricingEstimates } from "#server/db/schema/index";

export type CatalogDbRow = typeof pricingAddons.$inferSelect;

/** 9 parameters a row: well below PostgreSQL's 65,535 per statement. */
const INSERT_BATCH_ROWS = 1_000;

/** Serialises catalog replacements and the first seeding, and holds estimate saves back meanwhile. */
export { lockCatalogForWrite } from "#server/queries/catalog-lock.queries";

/** Rows of the given editions (all when omitted) and licence types, in no particular order. */
export function selectCatalogRows(db: Queryable, filter: { editions?: readonly string[]; licenseTypes: readonly string[] }): Promise<CatalogDbRow[]> {
  const conditions = [inArray(pricingAddons.licenseTypeId, [...filter.licenseTypes])];
  if (filter.editions) conditions.push(inArray(pricingAddons.editionId, [...filter.editions]));
  return db.select().from(pricingAddons).where(and(...conditions));
}

export function selectAllCatalogRows(db: Queryable): Promise<CatalogDbRow[]> {
  return db.select().from(pricingAddons);
}

export async function countCatalogRows(db: Queryable): Promise<number> {
  const [row] = await db.select({ total: count() }).from(pricingAddons);
  return row?.total ?? 0;
}

export async function deleteAllCatalogRows(tx: Transaction): Promise<void> {
  await tx.delete(pricingAddons);
}

/** Inserts the rows; with `skipExisting`, rows whose (edition, licence, inventory id) exists are left alone. */
export async function insertCatalogRows(
  tx: Transaction,
  rows: readonly CatalogRow[],
  updatedAt: Date,
  options: { skipExisting?: boolean } = {},
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
    const values = rows.slice(start, start + INSERT_BATCH_ROWS).map((row) => ({
      inventoryId: row.inventory_id,
      description: row.description,
      module: row.module,
      editionId: row.edition_id,
      price: centsToDecimal(row.price_cents),
      skuType: row.sku_type,
      licenseTypeId: row.license_type_id,
      contractType: row.contract_type,
      isCalculatorVisible: row.is_calculator_visible,
      updatedAt,
    }));
    const insert = tx.insert(pricingAddons).values(values);
    const written = await (options.skipExisting ? insert.onConflictDoNothing() : insert).returning({ id: pricingAddons.id });
    inserted += written.length;
  }
  return inserted;
}

/**
 * Marks the active lines of unlocked estimates that the catalog no longer offers for the
 * estimate's edition (licence SAAS, calculator visible) as incompatible. Locked estimates keep
 * theirs: their prices are locked. Answers the estimates touched, with how many lines each lost.
 */
export async function markUnofferedLinesIncompatible(tx: Transaction): Promise<{ estimateId: string; lines: number }[]> {
  const offered = tx
    .select({ one: sql`1` })
    .from(pricingAddons)
    .where(
      and(
        eq(pricingAddons.editionId, pricingEstimates.editionId),
        eq(pricingAddons.licenseTypeId, DEFAULT_LICENSE_TYPE),
        eq(pricingAddons.inventoryId, pricingEstimateLines.inventoryId),
        eq(pricingAddons.isCalculatorVisible, true),
      ),
    );
  const excluded = await tx
    .update(pricingEstimateLines)
    .set({ status: "incompatible" })
    .from(pricingEstimates)
    .where(
      and(
        eq(pricingEstimates.id, pricingEstimateLines.headerId),
        eq(pricingEstimates.isLocked, false),
        eq(pricingEstimateLines.status, "active"),
        notExists(offered),
      ),
    )
    .returning({ estimateId: pricingEstimateLines.headerId });
  const counts = new Map<string, number>();
  for (const { estimateId } of excluded) counts.set(estimateId, (counts.get(estimateId) ?? 0) + 1);
  return [...counts].map(([estimateId, lines]) => ({ estimateId, lines }));
}

export interface RetotalledEstimate {
  id: string;
  organizationId: string;
  name: string;
  totalMonthlyPrice: string | null;
}

/** Sets each estimate's total to Σ price × quantity of its active lines. */
export async function updateEstimateTotalsFromLines(tx: Transaction, estimateIds: readonly string[], updatedAt: Date): Promise<RetotalledEstimate[]> {
  if (estimateIds.length === 0) return [];
  return tx
    .update(pricingEstimates)
    .set({
      totalMonthlyPrice: sql`(
        select coalesce(sum(${pricingEstimateLines.price} * ${pricingEstimateLines.quantity}), 0)
        from ${pricingEstimateLines}
        where ${pricingEstimateLines.headerId} = ${pricingEstimates.id} and ${pricingEstimateLines.status} = 'active'
      )`,
      updatedAt,
    })
    .where(inArray(pricingEstimates.id, [...estimateIds]))
    .returning({
      id: pricingEstimates.id,
      organizationId: pricingEstimates.organizationId,
      name: pricingEstimates.name,
      totalMonthlyPrice: pricingEstimates.totalMonthlyPrice,
    });
}

export async function insertLinesExcludedHistory(tx: Transaction, estimates: readonly RetotalledEstimate[], actorId: string | null): Promise<void> {
  if (estimates.length === 0) return;
  await tx.insert(pricingEstimateHistory).values(
    estimates.map((estimate) => ({
      organizationId: estimate.organizationId,
      estimateId: estimate.id,
      estimateName: estimate.name,
      action: "lines_excluded",
      actorId,
      totalMonthlyPrice: estimate.totalMonthlyPrice,
    })),
  );
}
