import { useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import { Suspense, lazy, useId, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { primaryEstimateQuery } from "#web/features/pricing-estimates/api/primary-estimate-query.ts";
import { PRICE_BUTTON_FALLBACK, describePriceButton } from "#web/features/pricing-estimates/price-button-text.ts";
import { lazyModule, useModuleWhenIdle } from "#web/lib/load-when-idle.ts";

// The panel and its Radix sheet load when the browser is idle after the first screen (or on the
// first hover, focus or click): the header is on every page, the panel is not.
const panel = lazyModule(() => import("./pricing-summary-panel.tsx"));
const PricingSummaryPanel = lazy(async () => ({ default: (await panel.load()).PricingSummaryPanel }));

/**
 * The header's subscription price button (spec §2): the primary estimate's monthly total in whole
 * dollars, or "Subscription Price"; it opens the Pricing Summary. `enabled` is false while there is
 * no acting organization (an employee with none selected): then there is nothing to price.
 */
export function PricingSummaryButton({ enabled }: { enabled: boolean }) {
  return enabled ? <PriceButton /> : null;
}

function PriceButton() {
  const primary = useQuery(primaryEstimateQuery);
  const [open, setOpen] = useState(false);
  // Mounted on the first click, then kept, so that closing animates.
  const [everOpened, setEverOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const panelCode = useModuleWhenIdle(panel);
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) setEverOpened(true);
  };
  const text = describePriceButton(primary.data?.estimate);
  // The name always starts "Subscription price" whatever the total, and contains the visible text.
  const name = text === PRICE_BUTTON_FALLBACK ? PRICE_BUTTON_FALLBACK : `Subscription price: ${text}`;
  return (
    <>
      {/* The attributes a Radix dialog trigger would set; the sheet has no trigger of its own. */}
      <Button
        ref={buttonRef}
        type="button"
        variant="outline"
        size="sm"
        aria-label={name}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? "open" : "closed"}
        data-testid="price-button"
        onPointerEnter={() => void panelCode.load()}
        onFocus={() => void panelCode.load()}
        onClick={() => changeOpen(!open)}
      >
        {/* On a phone the header keeps room for the organization's name: the icon alone, the price in its name and one tap away. */}
        <Receipt aria-hidden="true" />
        <span className="hidden whitespace-nowrap tabular-nums sm:inline">{text}</span>
      </Button>
      {everOpened ? (
        <Suspense fallback={null}>
          <PricingSummaryPanel
            id={panelId}
            open={open}
            onOpenChange={changeOpen}
            onNavigate={() => setOpen(false)}
            // Without a Radix trigger the sheet would not know where to give the focus back.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
