import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import type { StagedDataset, StagedRows } from "#common/contracts/data-migration";
import type { MigrationEntity } from "#common/domain/migration-entities";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { stagedRowsQuery } from "#web/features/data-migration/api/migration-api.ts";
import { countOf, formatCount, formatStagedValue } from "#web/features/data-migration/migration-format.ts";

/** The staged rows of one entity, a page at a time, as the ETL team will load them. */
export function StagedRowsDialog({
  entity,
  dataset,
  open,
  onOpenChange,
}: {
  entity: MigrationEntity;
  dataset: StagedDataset;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>{entity.label}: staged rows</DialogTitle>
          <DialogDescription>
            {countOf(dataset.row_count, "row", "rows")} from {dataset.file_name}. Amounts are shown as money.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted while open only, so it starts on page 1 each time. */}
        <StagedRowsPages entity={entity} dataset={dataset} />
      </DialogContent>
    </Dialog>
  );
}

function StagedRowsPages({ entity, dataset }: { entity: MigrationEntity; dataset: StagedDataset }) {
  const [page, setPage] = useState(1);
  const rows = useQuery(stagedRowsQuery(entity.id, dataset, page));
  if (rows.isPending) return <Spinner label="Loading the staged rows…" />;
  if (rows.isError) return <PageError error={rows.error} onRetry={() => void rows.refetch()} />;

  const { total, page_size: pageSize } = rows.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (rows.data.page - 1) * pageSize + 1;
  const last = Math.min(total, rows.data.page * pageSize);
  return (
    <div className="space-y-3">
      {total === 0 ? <p className="text-sm">No rows are staged.</p> : <RowsTable entity={entity} rows={rows.data} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" aria-live="polite" data-testid="staged-rows-range">
          {total === 0 ? "" : `Rows ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
          {rows.isPlaceholderData ? " (loading…)" : ""}
        </p>
        <nav aria-label="Pages of staged rows" className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="text-sm tabular-nums">
            Page {formatCount(page)} of {formatCount(pages)}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      </div>
    </div>
  );
}

function RowsTable({ entity, rows }: { entity: MigrationEntity; rows: StagedRows }) {
  const labels = new Map(entity.columns.map((column) => [column.name, column.label]));
  return (
    // Focusable: wide tables scroll sideways, and keyboard users must be able to scroll them.
    <div role="region" aria-label={`Staged ${entity.label} rows`} tabIndex={0} className="max-h-[60vh] overflow-auto">
      <Table>
        <TableCaption className="sr-only">
          Staged {entity.label} rows, page {rows.page}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="text-right">Line</TableHead>
            {rows.columns.map((column) => (
              <TableHead key={column}>{labels.get(column) ?? column}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell className="text-right tabular-nums text-[var(--color-muted-foreground)]">{formatCount(row.line)}</TableCell>
              {rows.columns.map((column) => {
                const value = row.values[column];
                return (
                  <TableCell key={column} className={typeof value === "number" ? "text-right tabular-nums whitespace-nowrap" : undefined}>
                    {formatStagedValue(value)}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
