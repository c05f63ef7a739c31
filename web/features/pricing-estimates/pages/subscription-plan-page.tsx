import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Estimate } from "#common/contracts/pricing-estimates";
import { formatMonthlyPrice, formatWholeDollars } from "#common/domain/money";
import { PRICE_LOCK_STATEMENT, PRICE_LOCK_YEARS, SALES_TAX_STATEMENT, computePriceLockTotalCents } from "#common/domain/pricing";
import { LiveDataStatus } from "#web/components/live-data-status.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { subscriptionPlanQuery } from "#web/features/pricing-estimates/api/pricing-estimates-api.ts";
import { EstimateLinesTable } from "#web/features/pricing-estimates/components/pricing-summary-lines.tsx";
import { SubscriptionPlanHistory } from "#web/features/pricing-estimates/components/subscription-plan-history.tsx";
import { approvalLabel, editionName } from "#web/features/pricing-estimates/pricing-summary-format.ts";
import { formatDay } from "#web/lib/format-date.ts";
import { PageFrame } from "#web/components/page-frame.tsx";

/** /plans: the subscription the locked estimate defines, and what happened to the estimates. */
export default function SubscriptionPlanPage() {
  const plan = useQuery(subscriptionPlanQuery);
  return (
    <PageFrame title="Subscription Plan" actions={<LiveDataStatus subject="Prices" />} contentWidth="narrow">
      {plan.isPending ? (
        <Spinner label="Loading subscription plan..." />
      ) : plan.isError ? (
        <PageError error={plan.error} onRetry={() => void plan.refetch()} />
      ) : (
        <>
          {plan.data.subscription ? <LockedSubscription estimate={plan.data.subscription} /> : <NothingLocked />}
          <SubscriptionPlanHistory history={plan.data.history} />
        </>
      )}
    </PageFrame>
  );
}

function NothingLocked() {
  return (
    <Card aria-labelledby="plan-subscription-title">
      <CardHeader>
        <CardTitle id="plan-subscription-title">No subscription locked yet</CardTitle>
        <CardDescription>
          Your subscription is defined once your primary estimate is locked. Choose an edition and add-ons in the calculator, make the
          estimate primary, then lock it.
        </CardDescription>
      </CardHeader>
      <Button asChild>
        <Link to="/price">Open calculator</Link>
      </Button>
    </Card>
  );
}

function LockedSubscription({ estimate }: { estimate: Estimate }) {
  const monthly = estimate.total_monthly_price_cents;
  return (
    <Card aria-labelledby="plan-subscription-title" className="space-y-5">
      <CardHeader className="mb-5">
        <CardTitle id="plan-subscription-title">{editionName(estimate.edition_id)}</CardTitle>
        <CardDescription>
          From the locked estimate “{estimate.name}”, which is used to configure the system.
        </CardDescription>
      </CardHeader>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <PlanFact term="Monthly total" testId="plan-monthly-total">
          {formatMonthlyPrice(monthly)}
        </PlanFact>
        <PlanFact term={`${PRICE_LOCK_YEARS}-year price-lock total`} testId="plan-lock-total">
          {formatWholeDollars(computePriceLockTotalCents(monthly))}
        </PlanFact>
        <PlanFact term="Price locked" testId="plan-locked">
          {estimate.locked_at ? `Since ${formatDay(estimate.locked_at)}` : "Locked"}
          {estimate.locked_by_name ? ` by ${estimate.locked_by_name}` : ""}
        </PlanFact>
        <PlanFact term="Approval" testId="plan-approval">
          {approvalLabel(estimate.subscription_approved)}
          {estimate.subscription_approved && estimate.approved_at ? ` on ${formatDay(estimate.approved_at)}` : ""}
        </PlanFact>
      </dl>
      <EstimateLinesTable lines={estimate.lines} caption={`Lines of the subscription (${estimate.name})`} />
      <div className="space-y-1 text-xs text-[var(--color-muted-foreground)]">
        <p>{SALES_TAX_STATEMENT}</p>
        <p>{PRICE_LOCK_STATEMENT}</p>
      </div>
      {/* Also a focus stop: keyboard users need one to scroll a long plan (axe scrollable-region-focusable). */}
      <Button asChild variant="outline">
        <Link to="/pricing-deployment-plan">Compare estimates</Link>
      </Button>
    </Card>
  );
}

function PlanFact({ term, testId, children }: { term: string; testId: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-[var(--color-muted-foreground)]">{term}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
