import { useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Sheet, SheetTrigger } from "#web/components/ui/sheet.tsx";
import { primaryEstimateQuery } from "#web/features/pricing-estimates/api/pricing-estimates-api.ts";
import { PRICE_BUTTON_FALLBACK, describePriceButton } from "#web/features/pricing-estimates/pricing-summary-format.ts";

// The panel's code loads on first open: the header is on every page, the panel is not.
const PricingSummaryPanel = lazy(async () => ({ default: (await import("./pricing-summary-panel.tsx")).PricingSummaryPanel }));

/**
 * The header's subscription price button (spec §2): the primary estimate's monthly total in whole
 * dollars, or "Subscription Price"; it opens the Pricing Summary. `enabled` is false while there is
 * no acting organization (an employee with none selected): then there is nothing to price.
 */
export function PricingSummaryButton({ enabled }: { enabled: boolean }) {
  const primary = useQuery({ ...primaryEstimateQuery, enabled });
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) setEverOpened(true);
  };
  if (!enabled) return null;
  const text = describePriceButton(primary.data?.estimate);
  // The name always starts "Subscription price" whatever the total, and contains the visible text.
  const name = text === PRICE_BUTTON_FALLBACK ? PRICE_BUTTON_FALLBACK : `Subscription price: ${text}`;
  return (
    <Sheet open={open} onOpenChange={changeOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm" aria-label={name} data-testid="price-button">
          <Receipt aria-hidden="true" className="hidden sm:block" />
          <span className="tabular-nums">{text}</span>
        </Button>
      </SheetTrigger>
      {everOpened ? (
        <Suspense fallback={null}>
          <PricingSummaryPanel onNavigate={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Sheet>
  );
}
