import { Lock } from "lucide-react";
import { Link } from "react-router";
import type { Estimate } from "#common/contracts/pricing-estimates";
import { formatAmount } from "#common/domain/money";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { itemLabel } from "#web/features/pricing-estimates/calculator-model.ts";
import { editionNameOf } from "#web/features/pricing-estimates/estimate-format.ts";
import { formatDay } from "#web/lib/format-date.ts";
import { MonthlyTotal } from "./monthly-total.tsx";

/**
 * A locked estimate, read-only: it configures the system and keeps the prices it was saved with
 * (the price lock), so its own lines are shown rather than today's price list.
 */
export function LockedEstimateView({ estimate }: { estimate: Estimate }) {
  return (
    <div className="space-y-6" data-testid="locked-estimate">
      <div role="note" className="flex gap-3 rounded-md border border-[var(--color-border)] bg-[var(--color-muted)] p-3 text-sm">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">This estimate is locked.</strong> It is being used to configure your system and can no longer
          be changed. An employee can unlock it.
          {estimate.locked_at ? ` Locked on ${formatDay(estimate.locked_at)}${estimate.locked_by_name ? ` by ${estimate.locked_by_name}` : ""}.` : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <strong className="font-semibold">{estimate.name}</strong> · {editionNameOf(estimate.edition_id)}
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to="/price">Start a new estimate</Link>
        </Button>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Item</TableHead>
            <TableHead>Module</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Line total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {estimate.lines.map((line) => (
            <TableRow key={line.id} data-testid="estimate-line">
              <TableCell>{itemLabel(line)}</TableCell>
              <TableCell>{line.module}</TableCell>
              <TableCell className="text-right tabular-nums">{line.sku_type === "Core" ? "Included" : formatAmount(line.price_cents)}</TableCell>
              <TableCell className="text-right tabular-nums">{line.quantity.toLocaleString("en-US")}</TableCell>
              <TableCell className="text-right tabular-nums">{line.sku_type === "Core" ? "Included" : formatAmount(line.line_total_cents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <MonthlyTotal cents={estimate.total_monthly_price_cents} testId="estimate-monthly-total" />
    </div>
  );
}
