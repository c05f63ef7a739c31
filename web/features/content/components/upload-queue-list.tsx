import { X } from "lucide-react";
import { formatFileSize } from "#common/domain/content";
import { FileTypeIcon } from "#web/components/files/file-type-icon.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ProgressBar, clampPercent } from "#web/components/ui/progress-bar.tsx";
import type { UploadEntry } from "./upload-queue-store.ts";

function statusOf(entry: UploadEntry): string {
  switch (entry.status) {
    case "waiting":
      return "Waiting";
    case "uploading":
      return entry.fraction >= 1 ? "Processing…" : `${clampPercent(entry.fraction * 100)}%`;
    case "done":
      return "Uploaded";
    case "failed":
      return "Failed";
  }
}

/** The files being uploaded: each with its progress and a cancel, a refused one with the reason and a dismiss. */
export function UploadQueueList({
  entries,
  onCancel,
  onDismiss,
}: {
  entries: readonly UploadEntry[];
  onCancel: (id: string) => void;
  onDismiss: (id: string) => void;
}) {
  if (entries.length === 0) return null;
  const active = entries.filter((entry) => entry.status === "waiting" || entry.status === "uploading").length;
  return (
    <section aria-labelledby="upload-queue-heading" className="space-y-3 rounded-lg border border-[var(--color-border)] bg-[var(--color-card)] p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="upload-queue-heading" className="text-base font-semibold">
          Uploads
        </h2>
        <p className="text-sm text-[var(--color-muted-foreground)]">{active > 0 ? `${active} in progress` : "Finished"}</p>
      </div>
      <ul className="space-y-3">
        {entries.map((entry) => (
          <UploadRow key={entry.id} entry={entry} onCancel={onCancel} onDismiss={onDismiss} />
        ))}
      </ul>
    </section>
  );
}

function UploadRow({ entry, onCancel, onDismiss }: { entry: UploadEntry; onCancel: (id: string) => void; onDismiss: (id: string) => void }) {
  const running = entry.status === "waiting" || entry.status === "uploading";
  const percent = clampPercent(entry.fraction * 100);
  return (
    <li className="flex items-start gap-3" data-upload-status={entry.status}>
      <FileTypeIcon contentType={entry.contentType} className="mt-0.5" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="min-w-0 truncate font-medium" title={entry.fileName}>
            {entry.fileName}
          </span>
          <span className="shrink-0 text-[var(--color-muted-foreground)] tabular-nums">
            {formatFileSize(entry.size)} · {statusOf(entry)}
          </span>
        </div>
        {entry.status === "failed" ? (
          <p role="alert" className="text-sm break-words text-[var(--color-destructive)]">
            {entry.error}
          </p>
        ) : (
          <ProgressBar
            label={entry.fileName}
            value={entry.status === "done" ? 100 : percent}
            valueText={entry.status === "done" ? "Uploaded" : entry.status === "waiting" ? "Waiting" : entry.fraction >= 1 ? "Sent; processing" : `${percent}% sent`}
            size="sm"
          />
        )}
      </div>
      {running ? (
        <Button type="button" variant="ghost" size="icon" className="-my-1.5 shrink-0" aria-label={`Cancel upload of ${entry.fileName}`} onClick={() => onCancel(entry.id)}>
          <X aria-hidden="true" />
        </Button>
      ) : entry.status === "failed" ? (
        <Button type="button" variant="ghost" size="icon" className="-my-1.5 shrink-0" aria-label={`Dismiss ${entry.fileName}`} onClick={() => onDismiss(entry.id)}>
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
