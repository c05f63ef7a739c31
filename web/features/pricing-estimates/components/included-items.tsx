import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { formatAmount } from "#common/domain/money";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { itemLabel } from "#web/features/pricing-estimates/calculator-model.ts";

/** What every estimate of the edition includes: its base subscription and core features. */
export function IncludedItems({ rows, editionName }: { rows: readonly CatalogRow[]; editionName: string }) {
  return (
    <section aria-labelledby="included-items-heading" className="space-y-2">
      <h3 id="included-items-heading" className="text-base font-semibold">
        Included in {editionName}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">The price list has nothing for this edition yet.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Item</TableHead>
              <TableHead>Module</TableHead>
              <TableHead className="text-right">Monthly price</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.inventory_id} data-testid="included-row">
                <TableCell>{itemLabel(row)}</TableCell>
                <TableCell>{row.module}</TableCell>
                <TableCell className="text-right tabular-nums">{row.sku_type === "Core" ? "Included" : formatAmount(row.price_cents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
