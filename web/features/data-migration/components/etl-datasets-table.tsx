import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Clock, Download } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { DATASET_STATUSES, type DatasetStatus, type EtlDataset } from "#common/contracts/data-migration";
import { MIGRATION_ENTITIES, type MigrationEntityId } from "#common/domain/migration-entities";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { formatDateTime } from "#web/lib/format-date.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { etlDatasetsQuery, fetchDatasetExport } from "#web/features/data-migration/api/etl-admin-api.ts";
import { entityLabel, formatCount } from "#web/features/data-migration/migration-format.ts";
import { ANY, SEARCH_DEBOUNCE_MS, SearchFilter, SelectFilter, selected } from "./etl-filters.tsx";
import { EtlListBody } from "./etl-list-body.tsx";
import { type ReviewDecision, type ReviewRequest, ReviewDatasetDialog } from "./review-dataset-dialog.tsx";

const STATUS_LABELS: Record<DatasetStatus, string> = { staged: "Staged", loaded: "Loaded", rejected: "Rejected" };
const STATUS_OPTIONS = DATASET_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const ENTITY_OPTIONS = MIGRATION_ENTITIES.map((entity) => ({ value: entity.id, label: entity.label }));

/** Every organization's staged datasets, filtered on the server, each to mark loaded or rejected. */
export function EtlDatasetsCard() {
  const [text, setText] = useState("");
  const [status, setStatus] = useState(ANY);
  const [entity, setEntity] = useState(ANY);
  const [review, setReview] = useState<ReviewRequest | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const datasets = useQuery(
    etlDatasetsQuery({ q: q || undefined, status: selected<DatasetStatus>(status), entity: selected<MigrationEntityId>(entity) }),
  );

  return (
    <Card aria-labelledby="etl-datasets-title" className="space-y-4">
      <CardHeader>
        <CardTitle id="etl-datasets-title" ref={title} tabIndex={-1} className="focus:outline-none">
          Staged datasets
        </CardTitle>
        <CardDescription>
          Files customers uploaded in the migration workbench. Mark one loaded once it is in the ERP, or reject it with a comment saying
          what to fix; the customer sees your decision on their Data Setup page.
        </CardDescription>
      </CardHeader>
      <div className="flex flex-wrap items-end gap-3">
        <SearchFilter id="etl-datasets-search" label="Search datasets" placeholder="Organization or file name" value={text} onChange={setText} />
        <SelectFilter id="etl-datasets-status" label="Status" anyLabel="All statuses" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
        <SelectFilter id="etl-datasets-entity" label="Entity" anyLabel="All entities" options={ENTITY_OPTIONS} value={entity} onChange={setEntity} />
      </div>
      <EtlListBody query={datasets} rowsOf={(answer) => answer.datasets} noun={["dataset", "datasets"]}>
        {(answer) => <DatasetsTable datasets={answer.datasets} onReview={(dataset, decision) => setReview({ dataset, decision })} />}
      </EtlListBody>
      <ReviewDatasetDialog request={review} onClose={() => setReview(null)} onDone={() => title.current?.focus()} />
    </Card>
  );
}

function DatasetStatusLabel({ status }: { status: DatasetStatus }) {
  const Icon = status === "staged" ? Clock : status === "loaded" ? CircleCheck : CircleX;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <Icon aria-hidden="true" className={cn("size-4", status === "rejected" ? "text-[var(--color-destructive)]" : "text-[var(--color-primary)]")} />
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The dataset's rows as CSV for loading into the ERP, saved as "<entity>-<file name>.csv". */
function DownloadDatasetButton({ dataset, what }: { dataset: EtlDataset; what: string }) {
  const [downloading, setDownloading] = useState(false);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    try {
      saveFile(await fetchDatasetExport(dataset.id));
    } catch (error) {
      toast.error("Error", { description: `Failed to download ${dataset.file_name}. ${messageOf(error, "Please try again.")}` });
    } finally {
      setDownloading(false);
    }
  }

  // aria-disabled rather than disabled while it runs: a disabled button would drop the focus.
  return (
    <Button size="sm" variant="outline" aria-label={`Download CSV: ${what}`} aria-disabled={downloading} onClick={() => void download()}>
      <Download aria-hidden="true" />
      Download CSV
    </Button>
  );
}

function DatasetsTable({
  datasets,
  onReview,
}: {
  datasets: readonly EtlDataset[];
  onReview: (dataset: EtlDataset, decision: ReviewDecision) => void;
}) {
  return (
    <Table>
      <TableCaption className="sr-only">Staged datasets of every organization</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Organization</TableHead>
          <TableHead>Entity</TableHead>
          <TableHead>File</TableHead>
          <TableHead className="text-right">Rows</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Staged</TableHead>
          <TableHead>Review</TableHead>
          <TableHead>Last activity</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {datasets.map((dataset) => {
          const what = `${dataset.organization_name}, ${entityLabel(dataset.entity)}, ${dataset.file_name}`;
          return (
            <TableRow key={dataset.id}>
              <TableCell className="font-medium">{dataset.organization_name}</TableCell>
              <TableCell className="whitespace-nowrap">{entityLabel(dataset.entity)}</TableCell>
              <TableCell className="break-all">{dataset.file_name}</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(dataset.row_count)}</TableCell>
              <TableCell>
                <DatasetStatusLabel status={dataset.status} />
              </TableCell>
              <TableCell>
                <span className="block whitespace-nowrap">{formatDateTime(dataset.staged_at)}</span>
                {dataset.staged_by_name ? (
                  <span className="block text-xs text-[var(--color-muted-foreground)]">by {dataset.staged_by_name}</span>
                ) : null}
              </TableCell>
              <TableCell className="max-w-72">
                {dataset.reviewed_at ? (
                  <>
                    {/* The reviewer and the time may take two lines (on one, they ran into the next
                        column); the time itself never breaks. */}
                    <span className="block">
                      {dataset.reviewed_by_name ?? "ETL team"}, <span className="whitespace-nowrap">{formatDateTime(dataset.reviewed_at)}</span>
                    </span>
                    {dataset.review_comment ? <span className="block whitespace-pre-wrap break-words text-xs">{dataset.review_comment}</span> : null}
                  </>
                ) : (
                  "Not reviewed"
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(dataset.updated_at)}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  <DownloadDatasetButton dataset={dataset} what={what} />
                  {dataset.status !== "loaded" ? (
                    <Button size="sm" variant="outline" aria-label={`Mark loaded: ${what}`} onClick={() => onReview(dataset, "loaded")}>
                      Mark loaded
                    </Button>
                  ) : null}
                  {dataset.status !== "rejected" ? (
                    <Button size="sm" variant="outline" aria-label={`Mark rejected: ${what}`} onClick={() => onReview(dataset, "rejected")}>
                      Mark rejected
                    </Button>
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
