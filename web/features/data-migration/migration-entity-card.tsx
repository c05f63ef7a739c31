import { ChevronDown, Download, Eye, Trash2, Upload } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import type { MigrationEntityState } from "#common/contracts/data-migration";
import { type MigrationEntity, migrationTemplateFileName } from "#common/domain/migration-entities";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";
import { saveBlobAsFile } from "#web/lib/save-file.ts";
import { ColumnGuide } from "./column-guide.tsx";
import { DatasetStatus } from "./dataset-status.tsx";
import { DiscardDatasetDialog } from "./discard-dataset-dialog.tsx";
import { fetchMigrationTemplate } from "./migration-api.ts";
import { messageOf } from "./migration-format.ts";
import { StagedRowsDialog } from "./staged-rows-dialog.tsx";
import { UploadProgress } from "./upload-progress.tsx";
import { UploadReportPanel } from "./upload-report.tsx";
import { useCsvUpload } from "./use-csv-upload.ts";

/** One entity of the workbench: its status and review, its template and columns, upload, preview and discard. */
export function MigrationEntityCard({ position, entity, state }: { position: number; entity: MigrationEntity; state: MigrationEntityState }) {
  const titleId = useId();
  const guideId = useId();
  const [guideOpen, setGuideOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [discardOpen, setDiscardOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const upload = useCsvUpload(entity);
  const { dataset, last_upload: lastUpload } = state;
  // Six cards carry the same actions: each name says which entity it acts on ("Upload CSV for Customers").
  const named = (action: string) => `${action} for ${entity.label}`;

  async function downloadTemplate() {
    setDownloading(true);
    try {
      saveBlobAsFile(await fetchMigrationTemplate(entity.id), migrationTemplateFileName(entity));
    } catch (error) {
      toast.error("Error", { description: `Failed to download the ${entity.label} template. ${messageOf(error, "Please try again.")}` });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card aria-labelledby={titleId} className="space-y-4" data-testid={`migration-entity-${entity.id}`}>
      <div className="space-y-1">
        <h3 id={titleId} className="text-base font-semibold">
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
          disabled={downloading}
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
        <Button size="sm" onClick={upload.choose} disabled={upload.busy} aria-label={named("Upload CSV")}>
          <Upload aria-hidden="true" />
          Upload CSV
        </Button>
        <input {...upload.inputProps} />
        {dataset ? (
          <Button variant="outline" size="sm" onClick={() => setPreviewOpen(true)} aria-label={named("Preview")}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
        ) : null}
        {dataset && dataset.status !== "loaded" ? (
          <Button variant="outline" size="sm" onClick={() => setDiscardOpen(true)} disabled={upload.busy} aria-label={named("Discard")}>
            <Trash2 aria-hidden="true" />
            Discard
          </Button>
        ) : null}
      </div>
      {guideOpen ? <ColumnGuide id={guideId} entity={entity} /> : null}
      {upload.progress ? (
        <div className="space-y-2">
          <UploadProgress fileName={upload.progress.fileName} fraction={upload.progress.fraction} />
          {upload.progress.fraction < 1 ? (
            <Button variant="ghost" size="sm" onClick={upload.cancel} aria-label={named("Cancel upload")}>
              Cancel upload
            </Button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="text-sm empty:hidden" data-testid={`migration-upload-status-${entity.id}`}>
        {upload.progress && upload.progress.fraction >= 1 ? "Checking rows…" : (upload.outcome?.message ?? "")}
      </p>
      {lastUpload?.outcome === "refused" && !upload.busy ? <UploadReportPanel report={lastUpload} keptRows={dataset !== null} /> : null}
      {dataset ? (
        <>
          <StagedRowsDialog entity={entity} dataset={dataset} open={previewOpen} onOpenChange={setPreviewOpen} />
          <DiscardDatasetDialog entity={entity} dataset={dataset} open={discardOpen} onOpenChange={setDiscardOpen} />
        </>
      ) : null}
    </Card>
  );
}
