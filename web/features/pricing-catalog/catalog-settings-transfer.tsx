import { Download, Upload } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { CATALOG_CSV_MAX_CHARS, type ImportCatalogResult } from "#common/contracts/pricing-catalog";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { describeCatalogIssue } from "./catalog-settings-issues.ts";
import { fetchCatalogCsv, useImportCatalog } from "./pricing-catalog-api.ts";


type Outcome = { kind: "imported"; summary: string } | { kind: "refused"; message: string; issues: string[] };

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** "Imported 120 rows; 3 estimate lines no longer offered were excluded from unlocked estimates." */
export function summarizeImport(result: ImportCatalogResult): string {
  const excluded =
    result.excluded_estimate_lines === 0
      ? "no estimate lines were excluded"
      : `${count(result.excluded_estimate_lines, "estimate line", "estimate lines")} no longer offered ${result.excluded_estimate_lines === 1 ? "was" : "were"} excluded from unlocked estimates`;
  return `Imported ${count(result.imported_rows, "row", "rows")}; ${excluded}.`;
}

function describeRefusal(error: unknown): Outcome {
  const issues = fieldIssuesOf(error).map(describeCatalogIssue);
  if (issues.length > 0) {
    return { kind: "refused", message: `Nothing was imported: the file has ${count(issues.length, "problem", "problems")}.`, issues };
  }
  const reason = messageOf(error, "the catalog could not be imported.");
  return { kind: "refused", message: `Nothing was imported: ${reason}`, issues: [] };
}

/**
 * Export the catalog as CSV, and import one that replaces it whole. A file with any bad row is
 * refused as a whole, and every problem is listed by row and column.
 */
export function CatalogCsvTransfer() {
  const importCatalog = useImportCatalog();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [exporting, setExporting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function exportCsv() {
    setExporting(true);
    try {
      saveFile(await fetchCatalogCsv());
    } catch {
      toast.error("Error", { description: "Failed to export the catalog." });
    } finally {
      setExporting(false);
    }
  }

  async function importCsv(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setOutcome(null);
    const csv = await file.text();
    if (csv.trim() === "" || csv.length > CATALOG_CSV_MAX_CHARS) {
      const reason = csv.trim() === "" ? "the file is empty." : `the file must be at most ${CATALOG_CSV_MAX_CHARS.toLocaleString("en-US")} characters.`;
      setOutcome({ kind: "refused", message: `Nothing was imported: ${reason}`, issues: [] });
      return;
    }
    importCatalog.mutate(csv, {
      onSuccess: (result) => {
        const summary = summarizeImport(result);
        toast.success("Success", { description: `Catalog imported. ${summary}` });
        setOutcome({ kind: "imported", summary });
        setFile(null);
        if (input.current) input.current.value = "";
      },
      onError: (error) => setOutcome(describeRefusal(error)),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
          <Download aria-hidden="true" />
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
      </div>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void importCsv(event)}>
        <div className="min-w-64 flex-1 space-y-2">
          <Label htmlFor="catalog-csv-file">Catalog CSV file</Label>
          <Input
            ref={input}
            id="catalog-csv-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="catalog-csv-help"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setOutcome(null);
            }}
          />
        </div>
        <Button type="submit" disabled={!file || importCatalog.isPending}>
          <Upload aria-hidden="true" />
          {importCatalog.isPending ? "Importing…" : "Import CSV"}
        </Button>
      </form>
      <p id="catalog-csv-help" className="text-xs text-[var(--color-muted-foreground)]">
        Importing replaces the whole catalog. Use the exported file's columns; prices are monthly, in dollars (2450.00). Estimate lines
        no longer offered are excluded from unlocked estimates; locked estimates keep their prices.
      </p>
      <div role="status" data-testid="catalog-import-status" className="text-sm">
        {outcome?.kind === "imported" ? outcome.summary : null}
      </div>
      {outcome?.kind === "refused" ? (
        <div role="alert" data-testid="catalog-import-errors" className="space-y-2 rounded-md border border-[var(--color-destructive)] p-3 text-sm">
          <p className="font-medium">{outcome.message}</p>
          {outcome.issues.length > 0 ? (
            // Focusable: a long list scrolls, and keyboard users must be able to scroll it.
            <ul aria-label="Problems in the file" tabIndex={0} className="max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
              {outcome.issues.map((issue, index) => (
                <li key={`${index}-${issue}`}>{issue}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
