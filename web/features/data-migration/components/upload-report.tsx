import { FileWarning } from "lucide-react";
import { useId } from "react";
import type { MigrationIssue, UploadReport } from "#common/contracts/data-migration";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { formatCount, joinEntityLabels, summarizeRefusal } from "#web/features/data-migration/migration-format.ts";

/**
 * A refused upload's report: what is wrong, line by line, so the file can be fixed and uploaded
 * again. It is the overview's newest report, so it is still there after a reload.
 */
export function UploadReportPanel({ report, keptRows }: { report: UploadReport; keptRows: boolean }) {
  const titleId = useId();
  const uploaded = `Uploaded ${report.uploaded_by_name ? `by ${report.uploaded_by_name} ` : ""}on ${formatDateTime(report.uploaded_at)}.`;
  return (
    <div
      aria-labelledby={titleId}
      role="group"
      className="space-y-3 rounded-md border border-[var(--color-destructive)] p-4 text-sm"
      data-testid={`upload-report-${report.entity}`}
    >
      <div className="flex items-start gap-2">
        <FileWarning className="mt-0.5 size-4 shrink-0 text-[var(--color-destructive)]" aria-hidden="true" />
        <div className="space-y-1">
          <h4 id={titleId} className="font-medium">
            {report.file_name} was not staged
          </h4>
          <p>
            {summarizeRefusal(report)}
            {keptRows ? " The rows staged before are unchanged." : ""}
          </p>
          <p className="text-[var(--color-muted-foreground)]">{uploaded}</p>
        </div>
      </div>
      {report.missing_references.length > 0 ? (
        <p className="rounded-md bg-[var(--color-muted)] p-3">
          <span className="font-medium">Upload {joinEntityLabels(report.missing_references)} first.</span> This file refers to{" "}
          {report.missing_references.length === 1 ? "its" : "their"} rows, and none are staged yet.
        </p>
      ) : null}
      {report.issues.length > 0 ? (
        <>
          <p>Fix these problems in the file and upload it again.</p>
          <IssuesTable fileName={report.file_name} issues={report.issues} />
          {report.issue_count > report.issues.length ? (
            <p className="text-[var(--color-muted-foreground)]">
              Showing the first {formatCount(report.issues.length)} of {formatCount(report.issue_count)} problems.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function IssuesTable({ fileName, issues }: { fileName: string; issues: readonly MigrationIssue[] }) {
  const label = `Problems in ${fileName}`;
  return (
    // Focusable: the list scrolls, and keyboard users must be able to scroll it.
    <div role="region" aria-label={label} tabIndex={0} className="max-h-80 overflow-y-auto rounded-md border border-[var(--color-border)]">
      <Table>
        <TableCaption className="sr-only">{label}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="text-right">Line</TableHead>
            <TableHead>Column</TableHead>
            <TableHead>Problem</TableHead>
            <TableHead>Value</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {issues.map((issue, index) => (
            <TableRow key={`${index}-${issue.line}-${issue.column}`}>
              <TableCell className="text-right tabular-nums">{issue.line === null ? "File" : formatCount(issue.line)}</TableCell>
              <TableCell className="font-mono text-xs">{issue.column ?? "—"}</TableCell>
              <TableCell>{issue.message}</TableCell>
              <TableCell className="max-w-64 break-words font-mono text-xs">{describeValue(issue.value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function describeValue(value: string | null): string {
  if (value === null) return "—";
  return value === "" ? "(empty)" : value;
}
