import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { LiveDataStatus } from "#web/components/live-data-status.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { estimateQuery } from "#web/features/pricing-estimates/api/pricing-estimates-api.ts";
import { EstimatesList } from "#web/features/pricing-estimates/components/estimates-list.tsx";
import { LockedEstimateView } from "#web/features/pricing-estimates/components/locked-estimate-view.tsx";
import { PriceCalculator } from "#web/features/pricing-estimates/components/price-calculator.tsx";
import { catalogQuery } from "#web/lib/pricing-catalog-query.ts";
import { PageFrame } from "#web/components/page-frame.tsx";

/**
 * /price: the calculator (new, or the estimate named by ?estimate=<id>: editable while unlocked,
 * read-only once locked) and the organization's estimates.
 */
export default function PricePage() {
  const [searchParams] = useSearchParams();
  const estimateId = searchParams.get("estimate");
  const catalog = useQuery(catalogQuery);

  return (
    <PageFrame
      title="Subscription Price"
      actions={<LiveDataStatus subject="Prices" />}
      description={
        <>
          Choose an edition and the add-ons you need to see your monthly price, then save it as an estimate. Not sure where to start?{" "}
          <Link to="/business" className="font-medium underline underline-offset-4">
            Get a quick estimate
          </Link>
          .
        </>
      }
    >
      <Card aria-labelledby="calculator-heading">
        <CardHeader>
          <CardTitle id="calculator-heading">Calculator</CardTitle>
          <CardDescription>Prices are per month. Line total = price × quantity.</CardDescription>
        </CardHeader>
        {catalog.isPending ? (
          <Spinner label="Loading prices..." />
        ) : catalog.isError ? (
          <PageError error={catalog.error} onRetry={() => void catalog.refetch()} />
        ) : estimateId ? (
          <OpenedEstimate key={estimateId} estimateId={estimateId} rows={catalog.data.rows} />
        ) : (
          <PriceCalculator key="new" rows={catalog.data.rows} estimate={null} />
        )}
      </Card>
      <EstimatesList openedId={estimateId} />
    </PageFrame>
  );
}

/** The estimate named in the address: in the calculator while unlocked, read-only once locked. */
function OpenedEstimate({ estimateId, rows }: { estimateId: string; rows: readonly CatalogRow[] }) {
  const estimate = useQuery(estimateQuery(estimateId));
  // A failed refetch keeps the estimate on screen (and any edits in the calculator).
  if (estimate.data) {
    return estimate.data.is_locked ? <LockedEstimateView estimate={estimate.data} /> : <PriceCalculator rows={rows} estimate={estimate.data} />;
  }
  if (estimate.isError) {
    return (
      <div className="space-y-3">
        <PageError error={estimate.error} onRetry={() => void estimate.refetch()} />
        <Button asChild variant="outline" size="sm">
          <Link to="/price">Start a new estimate</Link>
        </Button>
      </div>
    );
  }
  return <Spinner label="Loading estimate..." />;
}
