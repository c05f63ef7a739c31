import { Upload } from "lucide-react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { type ContainerManagementWorkspace, type OpenContainersReport, openContainersReportSchema } from "#common/contracts/extension-workspaces";
import { formatFileSize } from "#common/domain/content";
import { OPEN_CONTAINERS_MAX_FILE_BYTES, OPEN_CONTAINERS_MAX_ROWS, OPEN_CONTAINER_COLUMNS } from "#common/domain/open-containers-import";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError, messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { useDiscardOpenContainers, useImportOpenContainers } from "#web/features/extension-workspaces/api/workspace-api.ts";
import { ImportProblems, ImportedContainers, countOf } from "./open-containers-tables.tsx";

/** The report a refused file answers with (400 validation_failed, the report in details). */
function refusalReportOf(error: unknown): OpenContainersReport | null {
  if (!(error instanceof ApiError) || error.code !== "validation_failed") return null;
  const parsed = openContainersReportSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

/** What is wrong with a chosen file before anything is sent, or null. */
function checkChosenFile(file: File): string | null {
  if (!file.name.toLowerCase().endsWith(".csv")) return `${file.name} is not a .csv file. In Excel, use File › Save As and choose CSV UTF-8.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > OPEN_CONTAINERS_MAX_FILE_BYTES) {
    return `${file.name} is ${formatFileSize(file.size)}; a file can be at most ${formatFileSize(OPEN_CONTAINERS_MAX_FILE_BYTES)}.`;
  }
  return null;
}

type Outcome = { kind: "refused"; report: OpenContainersReport } | { kind: "failed"; message: string } | null;

/**
 * The open containers' CSV import: each row is checked against the saved container types and ports
 * with the migration workbench's cell checks; a clean file replaces the last import, a file with
 * problems is listed line by line and changes nothing.
 */
export function OpenContainersImport({ workspace }: { workspace: ContainerManagementWorkspace }) {
  const upload = useImportOpenContainers();
  const discard = useDiscardOpenContainers();
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const editable = workspace.can.edit;
  const imported = workspace.open_containers;

  // Leaving the page stops an upload still being sent; the server then keeps the last import.
  useEffect(() => () => controller.current?.abort(), []);

  function start(file: File) {
    if (input.current) input.current.value = "";
    const problem = checkChosenFile(file);
    if (problem) {
      setOutcome({ kind: "failed", message: problem });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setOutcome(null);
    upload.mutate(
      { file, signal: abort.signal },
      {
        onSuccess: (result) => lazyToast.success(`Imported ${countOf(result.report.total_rows, "open container", "open containers")} from ${file.name}`),
        onError: (error) => {
          if (error.name === "AbortError") return;
          const report = refusalReportOf(error);
          if (report) setOutcome({ kind: "refused", report });
          else setOutcome({ kind: "failed", message: `${file.name} was not imported: ${messageOf(error, "the import failed. Please try again.")}` });
        },
      },
    );
  }

  async function discardImport() {
    try {
      await discard.mutateAsync();
      setOutcome(null);
      lazyToast.success("Open containers discarded");
    } catch (error) {
      setOutcome({ kind: "failed", message: messageOf(error, "The import was not discarded. Please try again.") });
    }
  }

  return (
    <div className="space-y-4 text-sm">
      <p className="text-[var(--color-muted-foreground)]">
        A CSV file (UTF-8, at most {formatFileSize(OPEN_CONTAINERS_MAX_FILE_BYTES)} and {OPEN_CONTAINERS_MAX_ROWS.toLocaleString("en-US")} rows) with the columns{" "}
        <span className="font-mono text-xs break-words text-[var(--color-foreground)]">{OPEN_CONTAINER_COLUMNS.join(", ")}</span>. Rows are checked against the
        container types and ports saved above.
      </p>
      {editable ? (
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label="Open containers CSV file"
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              const file = event.target.files?.[0];
              if (file) start(file);
            }}
          />
          <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <Upload aria-hidden="true" />
            {upload.isPending ? "Importing…" : imported ? "Import a new file" : "Import CSV"}
          </Button>
          {imported ? (
            <Button type="button" variant="ghost" disabled={discard.isPending || upload.isPending} onClick={() => void discardImport()}>
              Discard the import
            </Button>
          ) : null}
        </div>
      ) : null}
      <div aria-live="polite">
        {outcome?.kind === "refused" ? <ImportProblems report={outcome.report} /> : null}
        {outcome?.kind === "failed" ? (
          <p role="alert" className="text-[var(--color-destructive)]">
            {outcome.message}
          </p>
        ) : null}
      </div>
      {imported ? <ImportedContainers imported={imported} /> : <p>No open containers imported yet.</p>}
    </div>
  );
}
