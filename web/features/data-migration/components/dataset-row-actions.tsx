import { CircleCheck, CircleX, Download, Ellipsis } from "lucide-react";
import { useRef } from "react";
import { toast } from "sonner";
import type { EtlDataset } from "#common/contracts/data-migration";
import { Button } from "#web/components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "#web/components/ui/dropdown-menu.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { fetchDatasetExport } from "#web/features/data-migration/api/etl-admin-api.ts";
import type { ReviewDecision } from "./review-dataset-dialog.tsx";

/**
 * A staged dataset's menu, "Actions for <organization>, <entity>, <file>": its rows as CSV for
 * loading into the ERP, and the verdicts that still apply. One button per row keeps the table
 * within its box at 1440 px, beside the side navigation (three buttons did not).
 */
export function DatasetRowActions({
  dataset,
  what,
  onReview,
}: {
  dataset: EtlDataset;
  /** Names the row for screen readers. */
  what: string;
  onReview: (dataset: EtlDataset, decision: ReviewDecision) => void;
}) {
  const downloading = useRef(false);

  // Saved as "<entity>-<file name>.csv", the name the server gives; a second choice while the
  // first download runs is ignored.
  async function download() {
    if (downloading.current) return;
    downloading.current = true;
    try {
      saveFile(await fetchDatasetExport(dataset.id));
    } catch (error) {
      toast.error("Error", { description: `Failed to download ${dataset.file_name}. ${messageOf(error, "Please try again.")}` });
    } finally {
      downloading.current = false;
    }
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={`Actions for ${what}`}>
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void download()}>
          <Download aria-hidden="true" />
          Download CSV
        </DropdownMenuItem>
        {dataset.status !== "loaded" ? (
          <DropdownMenuItem onSelect={() => onReview(dataset, "loaded")}>
            <CircleCheck aria-hidden="true" />
            Mark loaded
          </DropdownMenuItem>
        ) : null}
        {dataset.status !== "rejected" ? (
          <DropdownMenuItem onSelect={() => onReview(dataset, "rejected")} className="text-[var(--color-destructive)]">
            <CircleX aria-hidden="true" />
            Mark rejected
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
