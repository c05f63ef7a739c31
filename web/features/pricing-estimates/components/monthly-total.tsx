import { PRICE_LOCK_STATEMENT, SALES_TAX_STATEMENT } from "#common/domain/pricing";
import { formatMonthlyPrice } from "#common/domain/money";

/** Spec §9: the monthly total in whole dollars, sales tax as applicable and the 5-year price lock. */
export function MonthlyTotal({ cents, label = "Monthly total", testId }: { cents: number; label?: string; testId: string }) {
  return (
    <div className="space-y-1 rounded-lg bg-[var(--color-muted)] p-4">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium">{label}</span>
        <output className="text-2xl font-semibold tabular-nums" aria-live="polite" data-testid={testId}>
          {formatMonthlyPrice(cents)}
        </output>
      </p>
      <p className="text-xs text-[var(--color-muted-foreground)]">{SALES_TAX_STATEMENT}</p>
      <p className="text-xs text-[var(--color-muted-foreground)]">{PRICE_LOCK_STATEMENT}</p>
    </div>
  );
}
