import { useQuery } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import type { Comparison } from "#common/contracts/pricing-estimates";
import { formatAmount, formatMonthlyPrice, formatWholeDollars } from "#common/domain/money";
import { PRICE_LOCK_STATEMENT, PRICE_LOCK_YEARS, SALES_TAX_STATEMENT } from "#common/domain/pricing";
import { LiveDataStatus } from "#web/components/live-data-status.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { estimateComparisonQuery } from "#web/features/pricing-estimates/api/pricing-estimates-api.ts";
import { type ModuleCell, compareModules } from "#web/features/pricing-estimates/deployment-plan-compare.ts";
import { APPROVED, editionName } from "#web/features/pricing-estimates/pricing-summary-format.ts";
import { cn } from "#web/lib/cn.ts";
import { PageFrame } from "#web/components/page-frame.tsx";

type ComparedEstimate = Comparison["estimates"][number];

// The locked estimate's column is tinted: it is the one that configures the system.
const LOCKED_COLUMN = "bg-[color-mix(in_oklch,var(--color-primary)_10%,transparent)]";
const ROW_HEADER = "sticky left-0 z-10 bg-[var(--color-card)] px-3 py-2 text-left align-top font-medium";

/** /pricing-deployment-plan: the organization's estimates side by side, modules that differ marked. */
export default function DeploymentPlanPage() {
  const comparison = useQuery(estimateComparisonQuery);
  return (
    <PageFrame
      title="Pricing Deployment Plan"
      actions={<LiveDataStatus subject="Prices" />}
      description="Compare your estimates side by side. The locked estimate is the one used to configure the system."
    >
      {comparison.isPending ? (
        <Spinner label="Loading estimates..." />
      ) : comparison.isError ? (
        <PageError error={comparison.error} onRetry={() => void comparison.refetch()} />
      ) : comparison.data.estimates.length === 0 ? (
        <NoEstimates />
      ) : (
        <ComparisonCard comparison={comparison.data} />
      )}
    </PageFrame>
  );
}

function NoEstimates() {
  return (
    <Card aria-labelledby="deployment-plan-empty-title">
      <CardHeader>
        <CardTitle id="deployment-plan-empty-title">No estimates yet</CardTitle>
        <CardDescription>Create an estimate to compare editions and modules here.</CardDescription>
      </CardHeader>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/business">Get a quick estimate</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/price">Open calculator</Link>
        </Button>
      </div>
    </Card>
  );
}

function ComparisonCard({ comparison }: { comparison: Comparison }) {
  const { estimates, modules } = comparison;
  const rows = compareModules(estimates, modules);
  const differing = rows.filter((row) => row.differs).length;
  const columnClass = (estimate: ComparedEstimate) => cn("px-3 py-2 align-top", estimate.is_locked && LOCKED_COLUMN);
  return (
    <Card aria-labelledby="deployment-plan-table-title">
      <CardHeader>
        <CardTitle id="deployment-plan-table-title">Estimates compared</CardTitle>
        <CardDescription>
          {estimates.length === 1
            ? "One estimate so far: create another to compare."
            : differing === 0
              ? "Every estimate includes the same modules."
              : `${differing === 1 ? "1 module differs" : `${differing} modules differ`} between estimates (marked “Differs”).`}
        </CardDescription>
      </CardHeader>
      {/* Focusable so that keyboard users can scroll the table sideways on small screens. */}
      <div role="region" aria-label="Comparison table" tabIndex={0} className="overflow-x-auto focus-visible:outline-2">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Monthly total, {PRICE_LOCK_YEARS}-year total and modules of each estimate</caption>
          <thead>
            <tr className="border-b border-[var(--color-border)]">
              <td className={cn(ROW_HEADER, "min-w-40")} />
              {estimates.map((estimate) => (
                <th key={estimate.id} scope="col" className={cn(columnClass(estimate), "min-w-48 text-left font-normal")}>
                  <EstimateHeading estimate={estimate} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-[var(--color-border)]">
              <th scope="row" className={ROW_HEADER}>
                Monthly total
              </th>
              {estimates.map((estimate) => (
                <td key={estimate.id} className={cn(columnClass(estimate), "font-semibold tabular-nums")}>
                  {formatMonthlyPrice(estimate.total_monthly_price_cents)}
                </td>
              ))}
            </tr>
            <tr className="border-b-2 border-[var(--color-border)]">
              <th scope="row" className={ROW_HEADER}>
                {PRICE_LOCK_YEARS}-year total
              </th>
              {estimates.map((estimate) => (
                <td key={estimate.id} className={cn(columnClass(estimate), "tabular-nums")}>
                  {formatWholeDollars(estimate.price_lock_total_cents)}
                </td>
              ))}
            </tr>
            {rows.map((row) => (
              <tr key={row.module} className="border-b border-[var(--color-border)]" data-differs={row.differs || undefined}>
                <th scope="row" className={cn(ROW_HEADER, row.differs && "bg-[var(--color-muted)]")}>
                  <span className="flex flex-wrap items-center gap-2">
                    {row.module}
                    {row.differs ? <Badge variant="outline">Differs</Badge> : null}
                  </span>
                </th>
                {row.cells.map((cell, index) => {
                  const estimate = estimates[index] as ComparedEstimate;
                  return (
                    <td key={estimate.id} className={cn(columnClass(estimate), row.differs && !estimate.is_locked && "bg-[var(--color-muted)]")}>
                      <ModuleCellText cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4 space-y-1 text-xs text-[var(--color-muted-foreground)]">
        <p>{SALES_TAX_STATEMENT}</p>
        <p>{PRICE_LOCK_STATEMENT}</p>
      </div>
    </Card>
  );
}

function EstimateHeading({ estimate }: { estimate: ComparedEstimate }) {
  return (
    <div className="space-y-1">
      <span className="block font-semibold">{estimate.name}</span>
      <span className="block text-xs text-[var(--color-muted-foreground)]">{editionName(estimate.edition_id)}</span>
      <span className="flex flex-wrap gap-1">
        {estimate.is_primary ? <Badge variant="outline">Primary</Badge> : null}
        {estimate.is_locked ? (
          <Badge className="gap-1 border-[var(--color-primary)]" variant="outline">
            <Lock aria-hidden="true" className="size-3" />
            Locked
          </Badge>
        ) : null}
        {estimate.subscription_approved ? <Badge variant="outline">{APPROVED}</Badge> : null}
      </span>
      {estimate.is_locked ? <span className="block text-xs font-medium">Configures the system</span> : null}
    </div>
  );
}

function ModuleCellText({ cell }: { cell: ModuleCell }) {
  if (!cell.included) return <span className="text-[var(--color-muted-foreground)]">Not included</span>;
  const amount = cell.lineCount === 1 ? `Qty ${cell.quantity.toLocaleString("en-US")}` : `${cell.lineCount} items`;
  return (
    <span className="block">
      <span className="block">Included</span>
      <span className="block text-xs text-[var(--color-muted-foreground)] tabular-nums">
        {amount} · {formatAmount(cell.totalCents)}
      </span>
    </span>
  );
}
