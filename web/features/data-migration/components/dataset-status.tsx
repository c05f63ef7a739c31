import { CircleCheck, CircleDashed, CircleX, Clock } from "lucide-react";
import type { StagedDataset } from "#common/contracts/data-migration";
import type { MigrationEntityId } from "#common/domain/migration-entities";
import { cn } from "#web/lib/cn.ts";
import { formatDateTime } from "#web/lib/format-date.ts";
import { countOf, describeStaged } from "#web/features/data-migration/migration-format.ts";

const muted = "text-sm text-[var(--color-muted-foreground)]";

/**
 * Where an entity stands: nothing uploaded, staged and waiting for the ETL team, loaded by them, or
 * rejected with their comment. Said in words with an icon, never by colour alone.
 */
export function DatasetStatus({ entity, dataset }: { entity: MigrationEntityId; dataset: StagedDataset | null }) {
  return (
    <div className="space-y-2" data-testid={`migration-status-${entity}`}>
      <StatusLine dataset={dataset} />
      {dataset ? <StatusDetails dataset={dataset} /> : null}
    </div>
  );
}

function StatusLine({ dataset }: { dataset: StagedDataset | null }) {
  const [Icon, text, tone] =
    dataset === null
      ? [CircleDashed, "Not uploaded", "text-[var(--color-muted-foreground)]"]
      : dataset.status === "staged"
        ? [Clock, describeStaged(dataset), "text-[var(--color-primary)]"]
        : dataset.status === "loaded"
          ? [CircleCheck, "Loaded by the ETL team", "text-[var(--color-primary)]"]
          : [CircleX, "Rejected", "text-[var(--color-destructive)]"];
  return (
    <p className="flex items-center gap-2 text-sm font-medium">
      <Icon className={cn("size-4 shrink-0", tone)} aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

function StatusDetails({ dataset }: { dataset: StagedDataset }) {
  const staged = `${dataset.staged_by_name ? `by ${dataset.staged_by_name} ` : ""}on ${formatDateTime(dataset.staged_at)}`;
  if (dataset.status === "staged") {
    return <p className={muted}>Uploaded {staged}. Waiting for the ETL team to load it.</p>;
  }
  const file = `${countOf(dataset.row_count, "row", "rows")} from ${dataset.file_name}`;
  return (
    <>
      <p className={muted}>
        {dataset.status === "loaded"
          ? `${file}, uploaded ${staged}. A new upload replaces these rows and goes back to the ETL team.`
          : `${file}, uploaded ${staged}. Fix the file and upload it again.`}
      </p>
      <ReviewNote dataset={dataset} />
    </>
  );
}

/** The ETL team's comment, who wrote it and when: the customer must see why a file came back. */
function ReviewNote({ dataset }: { dataset: StagedDataset }) {
  const rejected = dataset.status === "rejected";
  if (!rejected && !dataset.review_comment) {
    return dataset.reviewed_at ? <p className={muted}>Loaded on {formatDateTime(dataset.reviewed_at)}.</p> : null;
  }
  const who = dataset.reviewed_by_name ?? "The ETL team";
  const when = dataset.reviewed_at ? ` on ${formatDateTime(dataset.reviewed_at)}` : "";
  return (
    <figure
      className={cn(
        "space-y-1 rounded-md border-l-4 bg-[var(--color-muted)] p-3 text-sm",
        rejected ? "border-[var(--color-destructive)]" : "border-[var(--color-primary)]",
      )}
      data-testid={`migration-review-${dataset.entity}`}
    >
      <p className="font-medium">{rejected ? "Why the ETL team rejected it" : "Comment from the ETL team"}</p>
      <blockquote className="whitespace-pre-wrap break-words">{dataset.review_comment || "No comment was given."}</blockquote>
      <figcaption className="text-[var(--color-muted-foreground)]">
        {who}
        {when}
      </figcaption>
    </figure>
  );
}
