import type { EstimateSummary } from "#common/contracts/pricing-estimates";
import { formatMonthlyPrice } from "#common/domain/money";
import { type EstimateHistoryAction, findEdition } from "#common/domain/pricing";

/** Words shared by the Pricing Summary, the deployment plan and the subscription plan. */

/** The header button's text when there is no primary estimate with a total (spec §2). */
export const PRICE_BUTTON_FALLBACK = "Subscription Price";
export const APPROVED = "Approved";
export const AWAITING_APPROVAL = "Awaiting approval";
export const LOCKED = "Locked — used to configure the system";
export const NOT_LOCKED = "Not locked";

/** "$12,346/mo" for a primary estimate with a total, else "Subscription Price". */
export function describePriceButton(estimate: Pick<EstimateSummary, "total_monthly_price_cents"> | null | undefined): string {
  return estimate && estimate.total_monthly_price_cents > 0 ? formatMonthlyPrice(estimate.total_monthly_price_cents) : PRICE_BUTTON_FALLBACK;
}

export function editionName(editionId: string | null): string {
  return findEdition(editionId)?.name ?? editionId ?? "No edition";
}

export function approvalLabel(approved: boolean): string {
  return approved ? APPROVED : AWAITING_APPROVAL;
}

export function lockLabel(locked: boolean): string {
  return locked ? LOCKED : NOT_LOCKED;
}

const HISTORY_ACTION_LABELS: Record<EstimateHistoryAction, string> = {
  created: "Created",
  updated: "Updated",
  set_primary: "Set as primary",
  locked: "Locked",
  unlocked: "Unlocked",
  approved: "Approved",
  approval_withdrawn: "Approval withdrawn",
  deleted: "Deleted",
  lines_excluded: "Lines no longer offered were excluded",
};

export function historyActionLabel(action: EstimateHistoryAction): string {
  return HISTORY_ACTION_LABELS[action];
}
