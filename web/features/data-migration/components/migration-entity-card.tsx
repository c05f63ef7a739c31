import { ChevronDown, Download, Eye, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import type { MigrationEntityState } from "#common/contracts/data-migration";
import type { MigrationEntity } from "#common/domain/migration-entities";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { fetchMigrationTemplate } from "#web/features/data-migration/api/migration-api.ts";
import { datasetVersion } from "#web/features/data-migration/migration-format.ts";
import { ColumnGuide } from "./column-guide.tsx";
import { DatasetStatus } from "./dataset-status.tsx";
import { DiscardDatasetDialog } from "./discard-dataset-dialog.tsx";
import { StagedRowsDialog } from "./staged-rows-dialog.tsx";
import { UploadProgress } from "./upload-progress.tsx";
import { UploadReportPanel } from "./upload-report.tsx";
import { useCsvUpload } from "./use-csv-upload.ts";

/** Nothing has focus any more: the focused control was removed or disabled. */
function focusIsLost(except?: HTMLElement | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (except != null && active === except);
}

/**
 * While a file is being sent, focus stays on something that can be used: "Cancel upload" (the
 * Upload button it came from is disabled), then, once every byte is out or the upload is
 * cancelled, the status line that says what happens.
 */
function useUploadFocus(canCancel: boolean) {
  const uploadButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const couldCancel = useRef(false);
  useEffect(() => {
    const could = couldCancel.current;
    couldCancel.current = canCancel;
    if (canCancel && !could && focusIsLost(uploadButton.current)) cancelButton.current?.focus();
    else if (!canCancel && could && focusIsLost()) statusLine.current?.focus();
  }, [canCancel]);
  return { uploadButtonRef: uploadButton, cancelButtonRef: cancelButton, statusLineRef: statusLine };
}

/** One entity of the workbench: its status and review, its template and columns, upload, preview and discard. */
export function MigrationEntityCard({ position, entity, state }: { position: number; entity: MigrationEntity; state: MigrationEntityState }) {
  const titleId = useId();
  const guideId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [guideOpen, setGuideOpen] = useState(false);
  // The file version a dialog is open for: a dataset gone or replaced closes it, and it never
  // pops up again with the next file.
  const [previewFor, setPreviewFor] = useState<string | null>(null);
  const [discardFor, setDiscardFor] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const upload = useCsvUpload(entity);
  const canCancel = upload.progress !== null && upload.progress.fraction < 1;
  const { uploadButtonRef, cancelButtonRef, statusLineRef } = useUploadFocus(canCancel);
  const { dataset, last_upload: lastUpload } = state;
  const version = dataset ? datasetVersion(dataset) : null;
  // Six cards carry the same actions: each name says which entity it acts on ("Upload CSV for Customers").
  const named = (action: string) => `${action} for ${entity.label}`;

  async function downloadTemplate() {
    if (downloading) return;
    setDownloading(true);
    try {
      saveFile(await fetchMigrationTemplate(entity.id));
    } catch (error) {
      toast.error("Error", { description: `Failed to download the ${entity.label} template. ${messageOf(error, "Please try again.")}` });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card aria-labelledby={titleId} className="space-y-4" data-testid={`migration-entity-${entity.id}`}>
      <div className="space-y-1">
        <h3 id={titleId} ref={heading} tabIndex={-1} className="text-base font-semibold focus:outline-none">
          {position}. {entity.label}
        </h3>
        <p className="text-sm text-[var(--color-muted-foreground)]">{entity.description}</p>
      </div>
      <DatasetStatus entity={entity.id} dataset={dataset} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void downloadTemplate()}
          // aria-disabled rather than disabled while it runs: a disabled button would drop the focus.
          aria-disabled={downloading}
          aria-label={named(downloading ? "Downloading template" : "Download template")}
        >
          <Download aria-hidden="true" />
          {downloading ? "Downloading template…" : "Download template"}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={named("Column guide")}
          aria-expanded={guideOpen}
          aria-controls={guideId}
          onClick={() => setGuideOpen(!guideOpen)}
        >
          <ChevronDown aria-hidden="true" className={cn("transition-transform", guideOpen && "rotate-180")} />
          Column guide
        </Button>
        <Button ref={uploadButtonRef} size="sm" onClick={upload.choose} disabled={upload.busy} aria-label={named("Upload CSV")}>
          <Upload aria-hidden="true" />
          Upload CSV
        </Button>
        <input {...upload.inputProps} />
        {dataset ? (
          <Button variant="outline" size="sm" onClick={() => setPreviewFor(version)} aria-label={named("Preview")}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
        ) : null}
        {dataset && dataset.status !== "loaded" ? (
          <Button variant="outline" size="sm" onClick={() => setDiscardFor(version)} disabled={upload.busy} aria-label={named("Discard")}>
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        ) : null}
      </div>
      {guideOpen ? <ColumnGuide id={guideId} entity={entity} /> : null}
      {upload.progress ? (
        <div className="space-y-2">
          <UploadProgress fileName={upload.progress.fileName} fraction={upload.progress.fraction} />
          {canCancel ? (
            <Button ref={cancelButtonRef} variant="ghost" size="sm" onClick={upload.cancel} aria-label={named("Cancel upload")}>
              Cancel upload
            </Button>
          ) : null}
        </div>
      ) : null}
      <p
        ref={statusLineRef}
        role="status"
        tabIndex={-1}
        className="text-sm empty:hidden focus:outline-none"
        data-testid={`migration-upload-status-${entity.id}`}
      >
        {upload.progress && upload.progress.fraction >= 1 ? "Checking rows…" : (upload.outcome?.message ?? "")}
      </p>
      {lastUpload?.outcome === "refused" && !upload.busy ? <UploadReportPanel report={lastUpload} keptRows={dataset !== null} /> : null}
      {dataset ? (
        <>
          <StagedRowsDialog
            entity={entity}
            dataset={dataset}
            open={previewFor === version}
            onOpenChange={(open) => setPreviewFor(open ? version : null)}
          />
          <DiscardDatasetDialog
            entity={entity}
            dataset={dataset}
            open={discardFor === version}
            onOpenChange={(open) => setDiscardFor(open ? version : null)}
            // The Discard button that opened it is gone with the rows: focus goes to the card's heading.
            onDiscarded={() => heading.current?.focus()}
          />
        </>
      ) : null}
    </Card>
  );
}
