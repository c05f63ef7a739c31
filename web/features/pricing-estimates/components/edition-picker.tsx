import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { formatMonthlyPrice } from "#common/domain/money";
import { EDITIONS, type EditionId } from "#common/domain/pricing";
import { Radio } from "#web/components/ui/radio-group.tsx";
import { basePriceOf } from "#web/features/pricing-estimates/calculator-model.ts";
import { cn } from "#web/lib/cn.ts";

/** The four editions, smallest first, each with its summary and base subscription price. */
export function EditionPicker({
  rows,
  value,
  onChange,
  disabled,
  error,
}: {
  rows: readonly CatalogRow[];
  value: EditionId;
  onChange: (editionId: EditionId) => void;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={error ? "edition-error" : undefined}>
      <legend className="text-base font-semibold">Edition</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {EDITIONS.map((edition) => {
          const id = `edition-${edition.id}`;
          const base = basePriceOf(rows, edition.id);
          const checked = value === edition.id;
          return (
            <div
              key={edition.id}
              className={cn(
                "flex gap-3 rounded-lg border p-3",
                checked ? "border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]" : "border-[var(--color-border)]",
              )}
            >
              <Radio
                id={id}
                name="edition"
                value={edition.id}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(edition.id)}
                aria-describedby={`${id}-summary ${id}-price`}
                className="mt-0.5"
              />
              <div className="space-y-1">
                <label htmlFor={id} className="cursor-pointer text-sm font-medium">
                  {edition.name}
                </label>
                <p id={`${id}-summary`} className="text-xs text-[var(--color-muted-foreground)]">
                  {edition.summary}
                </p>
                <p id={`${id}-price`} className="text-sm font-medium tabular-nums">
                  {base === null ? "Price not available" : formatMonthlyPrice(base)}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id="edition-error" className="text-sm text-[var(--color-destructive)]">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
