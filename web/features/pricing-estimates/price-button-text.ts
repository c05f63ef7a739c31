import type { EstimateSummary } from "#common/contracts/pricing-estimates";
import { formatMonthlyPrice } from "#common/domain/money";

// Apart from pricing-summary-format.ts: the header's button is on every first screen, and needs
// neither the editions nor the history labels.

/** The header button's text when there is no primary estimate with a total (spec §2). */
export const PRICE_BUTTON_FALLBACK = "Subscription Price";

/** "$12,346/mo" for a primary estimate with a total, else "Subscription Price". */
export function describePriceButton(estimate: Pick<EstimateSummary, "total_monthly_price_cents"> | null | undefined): string {
  return estimate && estimate.total_monthly_price_cents > 0 ? formatMonthlyPrice(estimate.total_monthly_price_cents) : PRICE_BUTTON_FALLBACK;
}
