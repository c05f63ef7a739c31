import type { EstimateLine } from "#common/contracts/pricing-estimates";
import { formatAmount } from "#common/domain/money";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/cn.ts";

/**
 * An estimate's lines: module with its description, quantity, monthly price and line total. A
 * line whose description could not be found is shown without one (spec §8).
 */
export function EstimateLinesTable({ lines, caption, compact = false }: { lines: readonly EstimateLine[]; caption: string; compact?: boolean }) {
  const cell = compact ? "px-2" : undefined;
  return (
    <Table>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className={cell}>Module</TableHead>
          <TableHead className={cn("text-right", cell)}>Quantity</TableHead>
          <TableHead className={cn("text-right", cell)}>Price</TableHead>
          <TableHead className={cn("text-right", cell)}>Line total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell className={cell}>
              <span className="block font-medium">{line.module}</span>
              {line.description ? <span className="block text-xs text-[var(--color-muted-foreground)]">{line.description}</span> : null}
            </TableCell>
            <TableCell className={cn("text-right tabular-nums", cell)}>{line.quantity.toLocaleString("en-US")}</TableCell>
            <TableCell className={cn("text-right tabular-nums whitespace-nowrap", cell)}>{formatAmount(line.price_cents)}</TableCell>
            <TableCell className={cn("text-right tabular-nums whitespace-nowrap", cell)}>{formatAmount(line.line_total_cents)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
