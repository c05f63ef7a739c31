import { centsToDecimal } from "#common/domain/money";
import type { Transaction } from "#server/db/database";
import { lockCatalogForRead } from "#server/queries/catalog-lock.queries";
import { publishEstimateEvents, recordEstimateHistory } from "./estimate-changes.ts";
import { deleteEstimateLine, insertEstimateLines, lockOrganizationEstimates, selectPrimaryEstimateHeader, updateEstimateContent } from "./estimate-writes.queries.ts";
import { selectEditionCatalog } from "./estimates.queries.ts";
import { loadEstimate } from "./estimates.service.ts";

/**
 * What putting an add-on on, or taking it off, the organization's subscription did: the unlocked
 * primary estimate changed (`estimate`), or the change waits for the next plan (`next_plan`)
 * because the primary estimate is locked, missing, or its edition's price list lacks the add-on.
 */
export interface AddOnPlanChange {
  planChange: "estimate" | "next_plan";
  /** The primary estimate, when there is one. */
  estimateId: string | null;
}

/**
 * Adds (priced from the catalog now) or removes one add-on line on the primary estimate inside
 * the caller's transaction, after the organization's estimate writes before it (another
 * feature's change to the subscription: an extension's activation). An add-on already there, or
 * already gone, changes nothing and still counts as on the estimate.
 */
export async function changePrimaryEstimateAddOn(
  tx: Transaction,
  organizationId: string,
  change: { inventoryId: string; action: "add" | "remove"; actorId: string },
): Promise<AddOnPlanChange> {
  await lockOrganizationEstimates(tx, organizationId);
  const primary = await selectPrimaryEstimateHeader(tx, organizationId);
  if (!primary || !primary.editionId) return { planChange: "next_plan", estimateId: primary?.id ?? null };
  if (primary.isLocked) return { planChange: "next_plan", estimateId: primary.id };
  const before = await loadEstimate(tx, organizationId, primary.id);
  if (!before) return { planChange: "next_plan", estimateId: null };
  const present = before.lines.some((line) => line.inventory_id === change.inventoryId);
  if (change.action === "add" && present) return { planChange: "estimate", estimateId: primary.id };
  if (change.action === "remove" && !present) return { planChange: "estimate", estimateId: primary.id };

  if (change.action === "add") {
    await lockCatalogForRead(tx);
    const row = (await selectEditionCatalog(tx, primary.editionId)).find((item) => item.inventoryId === change.inventoryId && item.skuType === "AddOn");
    if (!row) return { planChange: "next_plan", estimateId: primary.id };
    await insertEstimateLines(tx, primary.id, [
      { inventoryId: row.inventoryId, module: row.module, description: row.description, skuType: row.skuType, price: row.price, quantity: 1, status: "active" },
    ]);
  } else {
    await deleteEstimateLine(tx, primary.id, change.inventoryId);
  }
  const changed = await loadEstimate(tx, organizationId, primary.id);
  if (!changed) throw new Error("the primary estimate just changed was not found");
  const totalCents = changed.lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  await updateEstimateContent(tx, organizationId, primary.id, {
    name: changed.name,
    editionId: primary.editionId,
    totalMonthlyPrice: centsToDecimal(totalCents),
    updatedAt: new Date(),
  });
  const saved = await loadEstimate(tx, organizationId, primary.id);
  if (saved) await recordEstimateHistory(tx, saved, "updated", change.actorId);
  await publishEstimateEvents(tx, organizationId, { headers: [primary.id], details: [primary.id] });
  return { planChange: "estimate", estimateId: primary.id };
}
