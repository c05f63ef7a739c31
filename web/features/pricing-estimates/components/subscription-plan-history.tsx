import type { EstimateHistoryEntry } from "#common/contracts/pricing-estimates";
import { formatMonthlyPrice } from "#common/domain/money";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { historyActionLabel } from "#web/features/pricing-estimates/pricing-summary-format.ts";
import { formatDateTime } from "#web/lib/format-date.ts";

/** The estimate history, newest first: who did what to which estimate, and its total then. */
export function SubscriptionPlanHistory({ history }: { history: readonly EstimateHistoryEntry[] }) {
  return (
    <Card aria-labelledby="plan-history-title">
      <CardHeader>
        <CardTitle id="plan-history-title">Estimate history</CardTitle>
        <CardDescription>Newest first. Deleted estimates keep their history.</CardDescription>
      </CardHeader>
      {history.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No estimate has been saved yet.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Estimate</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>By</TableHead>
              <TableHead className="text-right">Monthly total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </TableCell>
                <TableCell>{entry.estimate_name}</TableCell>
                <TableCell>{historyActionLabel(entry.action)}</TableCell>
                <TableCell>{entry.actor_name ?? "—"}</TableCell>
                <TableCell className="text-right tabular-nums whitespace-nowrap">
                  {entry.total_monthly_price_cents === null ? "—" : formatMonthlyPrice(entry.total_monthly_price_cents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
