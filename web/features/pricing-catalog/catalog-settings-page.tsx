import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { Link } from "react-router";
import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { formatAmount } from "#common/domain/money";
import { EDITIONS } from "#common/domain/pricing";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { catalogQuery } from "#web/lib/pricing-catalog-query.ts";
import { ALL_EDITIONS, filterCatalogRows } from "./catalog-settings-filter.ts";
import { CatalogCsvTransfer } from "./catalog-settings-transfer.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";

// The curriculum page is another feature's: linked by its address only.
const CURRICULUM_PATH = "/acumatica-settings/curriculum";

/** Thousands of rows render slowly; past this many, the filters narrow the list. */
const DISPLAY_LIMIT = 500;

/** /acumatica-settings (employees): the pricing catalog, its CSV export and import. */
export default function CatalogSettingsPage() {
  const catalog = useQuery(catalogQuery);
  return (
    <PageFrame title="ERP Settings">
      <Card aria-labelledby="curriculum-link-title" className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1">
          <CardTitle id="curriculum-link-title">Launch plan curriculum</CardTitle>
          <CardDescription>
            The milestones, courses and questions every organization&apos;s Launch Plan follows, exported and imported as a zip of files.
          </CardDescription>
        </div>
        <Button asChild variant="outline">
          <Link to={CURRICULUM_PATH}>
            Open the curriculum
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </Card>
      <Card aria-labelledby="catalog-csv-title">
        <CardHeader>
          <CardTitle id="catalog-csv-title">Pricing catalog file</CardTitle>
          <CardDescription>Export the catalog as CSV, edit it, and import it back.</CardDescription>
        </CardHeader>
        <CatalogCsvTransfer />
      </Card>
      <Card aria-labelledby="catalog-table-title">
        <CardHeader>
          <CardTitle id="catalog-table-title">Pricing catalog</CardTitle>
          <CardDescription>
            SaaS prices per month for every edition, as the calculator and the quick estimate read them.
            {catalog.data?.updated_at ? ` Last changed ${formatDateTime(catalog.data.updated_at)}.` : ""}
          </CardDescription>
        </CardHeader>
        {catalog.isPending ? (
          <Spinner label="Loading the catalog..." />
        ) : catalog.isError ? (
          <PageError error={catalog.error} onRetry={() => void catalog.refetch()} />
        ) : (
          <CatalogTable rows={catalog.data.rows} />
        )}
      </Card>
    </PageFrame>
  );
}

function CatalogTable({ rows }: { rows: readonly CatalogRow[] }) {
  const [edition, setEdition] = useState<string>(ALL_EDITIONS);
  const [text, setText] = useState("");
  const deferredText = useDeferredValue(text);
  const matching = useMemo(() => filterCatalogRows(rows, edition, deferredText), [rows, edition, deferredText]);
  const shown = matching.slice(0, DISPLAY_LIMIT);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-56 space-y-2">
          <Label htmlFor="catalog-edition">Edition</Label>
          <Select value={edition} onValueChange={setEdition}>
            <SelectTrigger id="catalog-edition">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_EDITIONS}>All editions</SelectItem>
              {EDITIONS.map((item) => (
                <SelectItem key={item.id} value={item.id}>
                  {`${item.name} (${item.id})`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="min-w-56 flex-1 space-y-2">
          <Label htmlFor="catalog-search">Search</Label>
          <Input
            id="catalog-search"
            type="search"
            placeholder="Inventory ID, description or module"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-[var(--color-muted-foreground)]" data-testid="catalog-row-count">
        {matching.length === rows.length
          ? `${rows.length.toLocaleString("en-US")} rows.`
          : `${matching.length.toLocaleString("en-US")} of ${rows.length.toLocaleString("en-US")} rows match.`}
        {matching.length > DISPLAY_LIMIT ? ` Showing the first ${DISPLAY_LIMIT}; filter to narrow the list.` : ""}
      </p>
      {shown.length === 0 ? (
        <p className="text-sm">{rows.length === 0 ? "The catalog is empty. Import a CSV file to fill it." : "No rows match."}</p>
      ) : (
        <Table>
          <TableCaption className="sr-only">Pricing catalog rows</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Inventory ID</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>Module</TableHead>
              <TableHead>Edition</TableHead>
              <TableHead>SKU type</TableHead>
              <TableHead>Contract</TableHead>
              <TableHead>Calculator</TableHead>
              <TableHead className="text-right">Price per month</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={`${row.edition_id}-${row.license_type_id}-${row.inventory_id}`}>
                <TableCell className="font-mono text-xs whitespace-nowrap">{row.inventory_id}</TableCell>
                <TableCell>{row.description}</TableCell>
                <TableCell>{row.module}</TableCell>
                <TableCell>{row.edition_id}</TableCell>
                <TableCell>{row.sku_type}</TableCell>
                <TableCell>{row.contract_type}</TableCell>
                <TableCell>{row.is_calculator_visible ? "Shown" : "Hidden"}</TableCell>
                <TableCell className="text-right tabular-nums whitespace-nowrap">{formatAmount(row.price_cents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
