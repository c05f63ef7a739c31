import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { MIGRATION_MAX_FILE_BYTES, type MigrationEntity } from "#common/domain/migration-entities";
import { messageOf } from "#web/lib/api-client.ts";
import { useUploadMigrationFile } from "#web/features/data-migration/api/migration-api.ts";
import { formatFileSize } from "#common/domain/content";
import { countOf, refusalReportOf, summarizeRefusal } from "#web/features/data-migration/migration-format.ts";

export interface UploadProgressState {
  fileName: string;
  /** Share of the file sent, 0 to 1. */
  fraction: number;
}

export type UploadOutcome = { kind: "staged" | "refused" | "failed" | "cancelled"; message: string };

/** What is wrong with a chosen file before anything is sent, or null. */
function checkChosenFile(file: File): string | null {
  if (!file.name.toLowerCase().endsWith(".csv")) {
    return `${file.name} is not a .csv file. In Excel, use File › Save As and choose CSV UTF-8.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MIGRATION_MAX_FILE_BYTES) {
    return `${file.name} is ${formatFileSize(file.size)}; a file can be at most ${formatFileSize(MIGRATION_MAX_FILE_BYTES)}.`;
  }
  return null;
}

/**
 * One entity's upload: a hidden file input opened by a button, the progress while it is sent, and
 * the outcome in words (with a toast). The refused file's report itself comes with the overview.
 */
export function useCsvUpload(entity: MigrationEntity) {
  const upload = useUploadMigrationFile();
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);

  // Leaving the page stops an upload still being sent; the server then stages nothing.
  useEffect(() => () => controller.current?.abort(), []);

  function finish(next: UploadOutcome) {
    setOutcome(next);
    setProgress(null);
    controller.current = null;
    if (input.current) input.current.value = "";
  }

  function start(file: File) {
    const problem = checkChosenFile(file);
    if (problem) {
      finish({ kind: "failed", message: problem });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setOutcome(null);
    setProgress({ fileName: file.name, fraction: 0 });
    upload.mutate(
      { entity: entity.id, file, signal: abort.signal, onProgress: (fraction) => setProgress({ fileName: file.name, fraction }) },
      {
        onSuccess: (result) => {
          const message = `Staged ${countOf(result.dataset.row_count, "row", "rows")} from ${file.name}.`;
          toast.success("Success", { description: `${entity.label}: ${message}` });
          finish({ kind: "staged", message });
        },
        onError: (error) => {
          if (error.name === "AbortError") {
            finish({ kind: "cancelled", message: `The upload of ${file.name} was cancelled. Nothing was staged.` });
            return;
          }
          const report = refusalReportOf(error);
          if (report) {
            toast.error("Error", { description: `${file.name}: ${summarizeRefusal(report)}` });
            finish({ kind: "refused", message: `${file.name} was not staged. Its problems are listed below.` });
            return;
          }
          const message = `${file.name} was not uploaded: ${messageOf(error, "the upload failed. Please try again.")}`;
          toast.error("Error", { description: message });
          finish({ kind: "failed", message });
        },
      },
    );
  }

  return {
    progress,
    outcome,
    busy: progress !== null,
    /** Opens the file chooser. */
    choose: () => input.current?.click(),
    /** Stops sending; offered only until every byte is out (after that the server decides). */
    cancel: () => controller.current?.abort(),
    inputProps: {
      ref: input,
      type: "file",
      accept: ".csv,text/csv",
      hidden: true,
      "aria-label": `${entity.label} CSV file`,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const file = event.target.files?.[0];
        if (file) start(file);
      },
    } as const,
  };
}
