import { useQuery } from "@tanstack/react-query";
import { Calculator, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { Estimate } from "#common/contracts/pricing-estimates";
import { formatMonthlyPrice } from "#common/domain/money";
import { PRICE_LOCK_STATEMENT, SALES_TAX_STATEMENT } from "#common/domain/pricing";
import { LiveDataStatus } from "#web/components/live-data-status.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Sheet, SheetContent } from "#web/components/ui/sheet.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { primaryEstimateQuery } from "#web/features/pricing-estimates/api/pricing-estimates-api.ts";
import { approvalLabel, editionName, lockLabel } from "#web/features/pricing-estimates/pricing-summary-format.ts";
import { PlanLinks } from "./plan-links.tsx";
import { EstimateLinesTable } from "./pricing-summary-lines.tsx";

export interface PricingSummaryPanelProps {
  /** The panel's id, which the price button's aria-controls names while it is open. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Closes the panel when a link is followed. */
  onNavigate: () => void;
  /** The sheet has no trigger to give the focus back to: the price button does it. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The Pricing Summary side panel (spec §2) in its sheet: the primary estimate, its lines and states,
 * and the way to the calculator and the quick estimate. Realtime events refresh the primary
 * estimate's query, so the panel follows changes made elsewhere while it is open.
 */
export function PricingSummaryPanel({ id, open, onOpenChange, onNavigate, onCloseAutoFocus }: PricingSummaryPanelProps) {
  const primary = useQuery(primaryEstimateQuery);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={id}
        side="right"
        title="Pricing Summary"
        className="w-[30rem] max-w-[92vw]"
        data-testid="pricing-summary-panel"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="flex-1 space-y-5 overflow-y-auto p-4">
          <LiveDataStatus subject="Prices" />
          {primary.isPending ? (
            <Spinner label="Loading pricing..." />
          ) : primary.isError ? (
            <PageError error={primary.error} onRetry={() => void primary.refetch()} />
          ) : primary.data.estimate ? (
            <PrimaryEstimateSummary estimate={primary.data.estimate} />
          ) : (
            <div className="space-y-1">
              <p className="font-medium">No estimate yet</p>
              <p className="text-sm text-[var(--color-muted-foreground)]">
                Answer two questions for a quick estimate, or choose an edition and add-ons in the calculator.
              </p>
            </div>
          )}
          <div className="flex flex-wrap gap-2 border-t border-[var(--color-border)] pt-4">
            <Button asChild>
              <Link to="/price" onClick={onNavigate}>
                <Calculator aria-hidden="true" />
                Open calculator
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/business" onClick={onNavigate}>
                <Sparkles aria-hidden="true" />
                Get a quick estimate
              </Link>
            </Button>
          </div>
          <PlanLinks onNavigate={onNavigate} />
        </div>
      </SheetContent>
    </Sheet>
  );
}

function PrimaryEstimateSummary({ estimate }: { estimate: Estimate }) {
  const excluded = estimate.excluded_line_count;
  return (
    <section aria-labelledby="pricing-summary-estimate" className="space-y-4">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="pricing-summary-estimate" className="font-semibold">
            {estimate.name}
          </h3>
          <Badge variant="outline">Primary</Badge>
        </div>
        <p className="text-sm text-[var(--color-muted-foreground)]">{editionName(estimate.edition_id)}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-[var(--color-muted-foreground)]">Approval</dt>
        <dd data-testid="pricing-summary-approval">{approvalLabel(estimate.subscription_approved)}</dd>
        <dt className="text-[var(--color-muted-foreground)]">Lock</dt>
        <dd data-testid="pricing-summary-lock">{lockLabel(estimate.is_locked)}</dd>
      </dl>
      <EstimateLinesTable lines={estimate.lines} caption={`Lines of ${estimate.name}`} compact />
      {excluded > 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">
          {excluded === 1 ? "1 line is" : `${excluded} lines are`} no longer offered and left out of the total.
        </p>
      ) : null}
      <p className="flex items-baseline justify-between gap-3 border-t border-[var(--color-border)] pt-3">
        <span className="font-medium">Monthly total</span>
        <strong className="text-lg font-semibold tabular-nums" data-testid="pricing-summary-total">
          {formatMonthlyPrice(estimate.total_monthly_price_cents)}
        </strong>
      </p>
      <div className="space-y-1 text-xs text-[var(--color-muted-foreground)]">
        <p>{SALES_TAX_STATEMENT}</p>
        <p>{PRICE_LOCK_STATEMENT}</p>
      </div>
    </section>
  );
}
