import { Link } from "react-router";
import type { VendorListStatus as VendorList } from "#common/contracts/extension-workspaces";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";

const count = new Intl.NumberFormat("en-US");
const rows = (value: number) => `${count.format(value)} ${value === 1 ? "row" : "rows"}`;

const DATASET_STATUS_LABELS = { staged: "Waiting for the ETL team", loaded: "Loaded into the ERP", rejected: "Sent back by the ETL team" } as const;

/**
 * The vendor list AP Automation pays: the vendors dataset of Data Setup's migration workbench,
 * imported and fixed there; this card says where it stands.
 */
export function VendorListStatus({ vendorList }: { vendorList: VendorList }) {
  const { staged, last_upload: upload } = vendorList;
  const refusedSinceStaged = upload?.outcome === "refused";
  return (
    <div className="space-y-3 text-sm">
      {staged ? (
        <p className="flex flex-wrap items-center gap-2">
          <span>
            {rows(staged.row_count)} staged from {staged.file_name} on {formatDateTime(staged.staged_at)}.
          </span>
          <Badge variant={staged.status === "rejected" ? "destructive" : "outline"}>{DATASET_STATUS_LABELS[staged.status]}</Badge>
        </p>
      ) : (
        <p>No vendors are staged yet.</p>
      )}
      {upload ? (
        <p className={refusedSinceStaged ? "text-[var(--color-destructive)]" : "text-[var(--color-muted-foreground)]"}>
          {refusedSinceStaged
            ? `The last upload, ${upload.file_name} on ${formatDateTime(upload.uploaded_at)}, was refused: ${rows(upload.error_rows)} of ${count.format(upload.total_rows)} with errors.`
            : `Last upload: ${upload.file_name} on ${formatDateTime(upload.uploaded_at)}, ${rows(upload.total_rows)}, no errors.`}
        </p>
      ) : null}
      <Button asChild variant="outline" size="sm">
        <Link to="/data-connection">{staged || upload ? "Fix or replace the vendor list in Data Setup" : "Import the vendor list in Data Setup"}</Link>
      </Button>
    </div>
  );
}
