import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Clock } from "lucide-react";
import { useRef, useState } from "react";
import { DATASET_STATUSES, type DatasetStatus, type EtlDataset } from "#common/contracts/data-migration";
import { MIGRATION_ENTITIES, type MigrationEntityId } from "#common/domain/migration-entities";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/cn.ts";
import { formatDateTime } from "#web/lib/format-date.ts";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { etlDatasetsQuery } from "#web/features/data-migration/api/etl-admin-api.ts";
import { countOf, entityLabel } from "#web/features/data-migration/migration-format.ts";
import { DatasetRowActions } from "./dataset-row-actions.tsx";
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
    <span className="flex items-center gap-1.5 whitespace-nowrap">
      <Icon aria-hidden="true" className={cn("size-4", status === "rejected" ? "text-[var(--color-destructive)]" : "text-[var(--color-primary)]")} />
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * Five columns, so that the table fits its box beside the side navigation (nine columns and three
 * buttons did not at 1440 px): the file with its organization, entity and rows under it; the
 * status with its review; who staged it and when; the last activity; and the row's menu. Rows of
 * several lines read from their top.
 */
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
          <TableHead>Dataset</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Staged</TableHead>
          <TableHead>Last activity</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {datasets.map((dataset) => {
          const entity = entityLabel(dataset.entity);
          return (
            <TableRow key={dataset.id}>
              <TableCell className="max-w-80 min-w-48 align-top">
                {/* Names without spaces (a pasted code, a long file name) wrap inside the cell. */}
                <span className="block font-medium break-all">{dataset.file_name}</span>
                <span className="block text-xs text-[var(--color-muted-foreground)] [overflow-wrap:anywhere]">
                  {`${dataset.organization_name} · ${entity} · ${countOf(dataset.row_count, "row", "rows")}`}
                </span>
              </TableCell>
              <TableCell className="max-w-80 min-w-52 align-top">
                <DatasetStatusLabel status={dataset.status} />
                <DatasetReview dataset={dataset} />
              </TableCell>
              <TableCell className="align-top">
                <span className="block">{formatDateTime(dataset.staged_at)}</span>
                {dataset.staged_by_name ? <span className="block text-xs text-[var(--color-muted-foreground)]">by {dataset.staged_by_name}</span> : null}
              </TableCell>
              <TableCell className="align-top">{formatDateTime(dataset.updated_at)}</TableCell>
              <TableCell className="w-px text-right align-top">
                <DatasetRowActions dataset={dataset} what={`${dataset.organization_name}, ${entity}, ${dataset.file_name}`} onReview={onReview} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Who reviewed the file and when, with their comment; "Not reviewed" until then. */
function DatasetReview({ dataset }: { dataset: EtlDataset }) {
  if (!dataset.reviewed_at) return <span className="block text-xs text-[var(--color-muted-foreground)]">Not reviewed</span>;
  return (
    <>
      {/* The reviewer and the time may take two lines; the time itself never breaks. */}
      <span className="block text-xs">
        {dataset.reviewed_by_name ?? "ETL team"}, <span className="whitespace-nowrap">{formatDateTime(dataset.reviewed_at)}</span>
      </span>
      {dataset.review_comment ? <span className="block text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{dataset.review_comment}</span> : null}
    </>
  );
}
