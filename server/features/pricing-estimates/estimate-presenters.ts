import type { Estimate, EstimateHistoryEntry, EstimateLine, EstimateSummary } from "#common/contracts/pricing-estimates";
import { decimalToCents } from "#common/domain/money";
import { ESTIMATE_HISTORY_ACTIONS, type EstimateHistoryAction, compareEstimateLines, computeLineTotalCents, computeMonthlyTotalCents } from "#common/domain/pricing";
import type { EstimateHistoryRow, EstimateLineRow, EstimateSummaryRow } from "./estimates.queries.ts";

/** Database rows (camelCase, numeric text) to API answers (snake_case, cents). */

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export function presentEstimateSummary(row: EstimateSummaryRow): EstimateSummary {
  const { header } = row;
  return {
    id: header.id,
    organization_id: header.organizationId,
    name: header.name,
    edition_id: header.editionId,
    license_type_id: header.licenseTypeId,
    // Headers are written only by this feature, with these two sources.
    source: header.source === "quick" ? "quick" : "calculator",
    is_primary: header.isPrimary,
    is_locked: header.isLocked,
    locked_at: iso(header.lockedAt),
    locked_by_name: header.isLocked ? row.lockerName : null,
    subscription_approved: header.subscriptionApproved,
    approved_at: iso(header.approvedAt),
    total_monthly_price_cents: decimalToCents(row.activeTotal),
    line_count: row.activeLineCount,
    created_by_name: row.creatorName,
    created_at: header.createdAt.toISOString(),
    updated_at: header.updatedAt.toISOString(),
  };
}

export function presentEstimateLine(row: EstimateLineRow): EstimateLine {
  const priceCents = decimalToCents(row.price);
  return {
    id: row.id,
    inventory_id: row.inventoryId,
    module: row.module,
    description: row.description,
    sku_type: row.skuType,
    price_cents: priceCents,
    quantity: row.quantity,
    line_total_cents: computeLineTotalCents(priceCents, row.quantity),
  };
}

/**
 * An estimate with its lines (`lines`: this estimate's, every status), in reading order (base, add-ons,
 * included; compareEstimateLines). Lines the
 * catalog no longer offers are left out and counted; the count and total come from the lines
 * shown, so the answer agrees with itself.
 */
export function presentEstimate(row: EstimateSummaryRow, lines: readonly EstimateLineRow[]): Estimate {
  const active = lines
    .filter((line) => line.status === "active")
    .map(presentEstimateLine)
    .sort(compareEstimateLines);
  return {
    ...presentEstimateSummary(row),
    total_monthly_price_cents: computeMonthlyTotalCents(active),
    line_count: active.length,
    lines: active,
    excluded_line_count: lines.length - active.length,
  };
}

function isHistoryAction(action: string): action is EstimateHistoryAction {
  return (ESTIMATE_HISTORY_ACTIONS as readonly string[]).includes(action);
}

/** Undefined for an action this version does not know (the entry is left out). */
export function presentHistoryEntry(row: EstimateHistoryRow): EstimateHistoryEntry | undefined {
  if (!isHistoryAction(row.action)) return undefined;
  return {
    id: row.id,
    estimate_id: row.estimateId,
    estimate_name: row.estimateName,
    action: row.action,
    actor_name: row.actorName,
    total_monthly_price_cents: row.totalMonthlyPrice === null ? null : decimalToCents(row.totalMonthlyPrice),
    created_at: row.createdAt.toISOString(),
  };
}
