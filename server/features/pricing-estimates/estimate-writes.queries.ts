import { and, desc, eq, not, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { pricingEstimateHistory, pricingEstimateLines, pricingEstimates } from "#server/db/schema/index";
import { upsertPageCompletedElsewhere } from "#server/queries/launchpad-progress.queries";
import { lockOrganizationRow } from "#server/queries/organizations.queries";
import type { EstimateHeaderRow } from "./estimates.queries.ts";

/** The statements that change estimates; the services run them inside one transaction. */

export type NewEstimateHeader = typeof pricingEstimates.$inferInsert;
export type NewEstimateLine = Omit<typeof pricingEstimateLines.$inferInsert, "headerId">;

/**
 * Every estimate write of the organization takes the organization's row first, so they run one
 * after another and the one-primary rule never meets a race. False when the organization is gone.
 */
export function lockOrganizationEstimates(db: Queryable, organizationId: string): Promise<boolean> {
  return lockOrganizationRow(db, organizationId);
}

export async function selectPrimaryEstimateHeader(db: Queryable, organizationId: string): Promise<EstimateHeaderRow | undefined> {
  const [row] = await db
    .select()
    .from(pricingEstimates)
    .where(and(eq(pricingEstimates.organizationId, organizationId), eq(pricingEstimates.isPrimary, true)));
  return row;
}

/** The newest estimate of the organization (the one promoted when the primary goes). */
export async function selectNewestEstimateHeader(db: Queryable, organizationId: string): Promise<EstimateHeaderRow | undefined> {
  const [row] = await db
    .select()
    .from(pricingEstimates)
    .where(eq(pricingEstimates.organizationId, organizationId))
    .orderBy(desc(pricingEstimates.createdAt), desc(pricingEstimates.id))
    .limit(1);
  return row;
}

export async function insertEstimateHeader(db: Queryable, values: NewEstimateHeader): Promise<EstimateHeaderRow> {
  const [row] = await db.insert(pricingEstimates).values(values).returning();
  if (!row) throw new Error("estimate was not inserted");
  return row;
}

/** Replaces an unlocked estimate's name, edition and total; undefined when it is locked or gone. */
export async function updateEstimateContent(
  db: Queryable,
  organizationId: string,
  estimateId: string,
  values: { name: string; editionId: string; totalMonthlyPrice: string; updatedAt: Date },
): Promise<EstimateHeaderRow | undefined> {
  const [row] = await db
    .update(pricingEstimates)
    .set(values)
    .where(and(eq(pricingEstimates.organizationId, organizationId), eq(pricingEstimates.id, estimateId), not(pricingEstimates.isLocked)))
    .returning();
  return row;
}

export async function insertEstimateLines(db: Queryable, headerId: string, lines: readonly NewEstimateLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(pricingEstimateLines).values(lines.map((line) => ({ ...line, headerId })));
}

/** The estimate's lines; the header id was checked against the organization by the caller. */
export async function deleteEstimateLines(db: Queryable, headerId: string): Promise<void> {
  await db.delete(pricingEstimateLines).where(eq(pricingEstimateLines.headerId, headerId));
}

/** One line of the estimate, by inventory id; true when there was one. */
export async function deleteEstimateLine(db: Queryable, headerId: string, inventoryId: string): Promise<boolean> {
  const deleted = await db
    .delete(pricingEstimateLines)
    .where(and(eq(pricingEstimateLines.headerId, headerId), eq(pricingEstimateLines.inventoryId, inventoryId)))
    .returning({ id: pricingEstimateLines.id });
  return deleted.length > 0;
}

export async function deleteEstimateHeader(db: Queryable, organizationId: string, estimateId: string): Promise<void> {
  await db.delete(pricingEstimates).where(and(eq(pricingEstimates.organizationId, organizationId), eq(pricingEstimates.id, estimateId)));
}

/** Sets or clears the primary flag; clearing comes first, the partial unique index allows one primary. */
export async function updateEstimatePrimary(db: Queryable, organizationId: string, estimateId: string, isPrimary: boolean, at: Date): Promise<void> {
  await db
    .update(pricingEstimates)
    .set({ isPrimary, updatedAt: at })
    .where(and(eq(pricingEstimates.organizationId, organizationId), eq(pricingEstimates.id, estimateId)));
}

export async function updateEstimateLock(
  db: Queryable,
  organizationId: string,
  estimateId: string,
  values: { isLocked: boolean; lockedAt: Date | null; lockedBy: string | null; updatedAt: Date },
): Promise<void> {
  await db
    .update(pricingEstimates)
    .set(values)
    .where(and(eq(pricingEstimates.organizationId, organizationId), eq(pricingEstimates.id, estimateId)));
}

export async function updateEstimateApproval(
  db: Queryable,
  organizationId: string,
  estimateId: string,
  values: { subscriptionApproved: boolean; approvedAt: Date | null; approvedBy: string | null; updatedAt: Date },
): Promise<void> {
  await db
    .update(pricingEstimates)
    .set(values)
    .where(and(eq(pricingEstimates.organizationId, organizationId), eq(pricingEstimates.id, estimateId)));
}

/**
 * One history entry. The time is the statement's, not the transaction's, so entries written by
 * one transaction (a deletion and the promotion it causes) keep their order.
 */
export async function insertEstimateHistory(
  db: Queryable,
  values: { organizationId: string; estimateId: string; estimateName: string; action: string; actorId: string; totalMonthlyPrice: string | null },
): Promise<void> {
  await db.insert(pricingEstimateHistory).values({ ...values, createdAt: sql`clock_timestamp()` });
}

/**
 * Marks the launchpad's "subscription-price" page complete: saving an estimate is how that page
 * completes. True when this changed the page (it was not complete yet).
 */
export function upsertPricePageCompleted(db: Queryable, organizationId: string, completedAt: Date): Promise<boolean> {
  return upsertPageCompletedElsewhere(db, organizationId, "subscription-price", completedAt);
}
