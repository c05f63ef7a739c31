import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DEFAULT_LICENSE_TYPE } from "#common/domain/pricing";
import type { Queryable } from "#server/db/database";
import { pricingAddons, pricingEstimateHistory, pricingEstimateLines, pricingEstimates, users } from "#server/db/schema/index";

/** Reads of the pricing feature: estimates with their names and totals, lines, history, catalog rows. */

export type EstimateHeaderRow = typeof pricingEstimates.$inferSelect;
export type EstimateLineRow = typeof pricingEstimateLines.$inferSelect;
export type CatalogItemRow = typeof pricingAddons.$inferSelect;

/** A header with the names its answer shows and the count and total of its active lines. */
export interface EstimateSummaryRow {
  header: EstimateHeaderRow;
  creatorName: string | null;
  lockerName: string | null;
  activeLineCount: number;
  /** numeric text: Σ price × quantity of the active lines. */
  activeTotal: string;
}

export interface EstimateHistoryRow {
  id: string;
  estimateId: string;
  estimateName: string;
  action: string;
  actorName: string | null;
  totalMonthlyPrice: string | null;
  createdAt: Date;
}

const creator = alias(users, "estimate_creator");
const locker = alias(users, "estimate_locker");

/**
 * Headers of the organization matching `where`, primary first then newest, in one statement:
 * the names come from joins and the active lines' count and total from one grouped subquery.
 */
function selectSummaries(db: Queryable, organizationId: string, where?: SQL): Promise<EstimateSummaryRow[]> {
  const activeLines = db
    .select({
      headerId: pricingEstimateLines.headerId,
      lineCount: sql<number>`count(*)::int`.as("line_count"),
      total: sql<string>`sum(${pricingEstimateLines.price} * ${pricingEstimateLines.quantity})`.as("line_total"),
    })
    .from(pricingEstimateLines)
    .innerJoin(pricingEstimates, eq(pricingEstimates.id, pricingEstimateLines.headerId))
    .where(and(eq(pricingEstimates.organizationId, organizationId), eq(pricingEstimateLines.status, "active")))
    .groupBy(pricingEstimateLines.headerId)
    .as("active_lines");
  return db
    .select({
      header: pricingEstimates,
      creatorName: creator.name,
      lockerName: locker.name,
      activeLineCount: sql<number>`coalesce(${activeLines.lineCount}, 0)`.mapWith(Number),
      activeTotal: sql<string>`coalesce(${activeLines.total}, 0)`.mapWith(String),
    })
    .from(pricingEstimates)
    .leftJoin(creator, eq(creator.id, pricingEstimates.createdBy))
    .leftJoin(locker, eq(locker.id, pricingEstimates.lockedBy))
    .leftJoin(activeLines, eq(activeLines.headerId, pricingEstimates.id))
    .where(and(eq(pricingEstimates.organizationId, organizationId), where))
    .orderBy(desc(pricingEstimates.isPrimary), desc(pricingEstimates.createdAt), desc(pricingEstimates.id));
}

/** Every estimate of the organization, primary first, then newest. */
export function selectEstimateSummaries(db: Queryable, organizationId: string): Promise<EstimateSummaryRow[]> {
  return selectSummaries(db, organizationId);
}

export async function selectEstimateSummary(db: Queryable, organizationId: string, estimateId: string): Promise<EstimateSummaryRow | undefined> {
  const [row] = await selectSummaries(db, organizationId, eq(pricingEstimates.id, estimateId));
  return row;
}

export async function selectPrimaryEstimateSummary(db: Queryable, organizationId: string): Promise<EstimateSummaryRow | undefined> {
  const [row] = await selectSummaries(db, organizationId, eq(pricingEstimates.isPrimary, true));
  return row;
}

export async function selectLockedEstimateSummary(db: Queryable, organizationId: string): Promise<EstimateSummaryRow | undefined> {
  const [row] = await selectSummaries(db, organizationId, eq(pricingEstimates.isLocked, true));
  return row;
}

/**
 * The lines (every status) of the organization's estimates among `headerIds`, by estimate then
 * inventory id. Inventory ids compare byte by byte, so the order is the same on every engine.
 */
export function selectEstimateLines(db: Queryable, organizationId: string, headerIds: readonly string[]): Promise<EstimateLineRow[]> {
  if (headerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ line: pricingEstimateLines })
    .from(pricingEstimateLines)
    .innerJoin(pricingEstimates, eq(pricingEstimates.id, pricingEstimateLines.headerId))
    .where(and(eq(pricingEstimates.organizationId, organizationId), inArray(pricingEstimateLines.headerId, [...headerIds])))
    .orderBy(asc(pricingEstimateLines.headerId), sql`${pricingEstimateLines.inventoryId} collate "C"`)
    .then((rows) => rows.map((row) => row.line));
}

/** The organization's estimate history, newest first, with the actors' names. */
export function selectEstimateHistory(db: Queryable, organizationId: string, limit: number): Promise<EstimateHistoryRow[]> {
  return db
    .select({
      id: pricingEstimateHistory.id,
      estimateId: pricingEstimateHistory.estimateId,
      estimateName: pricingEstimateHistory.estimateName,
      action: pricingEstimateHistory.action,
      actorName: users.name,
      totalMonthlyPrice: pricingEstimateHistory.totalMonthlyPrice,
      createdAt: pricingEstimateHistory.createdAt,
    })
    .from(pricingEstimateHistory)
    .leftJoin(users, eq(users.id, pricingEstimateHistory.actorId))
    .where(eq(pricingEstimateHistory.organizationId, organizationId))
    .orderBy(desc(pricingEstimateHistory.createdAt), desc(pricingEstimateHistory.id))
    .limit(limit);
}

/** The catalog rows of an edition with the licence the portal offers (every SKU type and visibility). */
export function selectEditionCatalog(db: Queryable, editionId: string): Promise<CatalogItemRow[]> {
  return db
    .select()
    .from(pricingAddons)
    .where(and(eq(pricingAddons.editionId, editionId), eq(pricingAddons.licenseTypeId, DEFAULT_LICENSE_TYPE)))
    .orderBy(sql`${pricingAddons.inventoryId} collate "C"`);
}
