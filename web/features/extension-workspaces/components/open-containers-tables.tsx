import type { OpenContainers, OpenContainersReport } from "#common/contracts/extension-workspaces";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatCalendarDay, formatDateTime } from "#web/lib/format-date.ts";

const count = new Intl.NumberFormat("en-US");
export const countOf = (value: number, one: string, many: string) => `${count.format(value)} ${value === 1 ? one : many}`;

/** A refused file's problems by line and column, as the migration workbench reports them. */
export function ImportProblems({ report }: { report: OpenContainersReport }) {
  const label = `Problems in ${report.file_name}`;
  const summary =
    report.error_rows > 0
      ? `${count.format(report.error_rows)} of ${countOf(report.total_rows, "row", "rows")} ${report.error_rows === 1 ? "has" : "have"} problems.`
      : `The file has ${countOf(report.issue_count, "problem", "problems")}.`;
  return (
    <div role="group" aria-label={`${report.file_name} was not imported`} className="space-y-3 rounded-md border border-[var(--color-destructive)] p-4 text-sm">
      <p>
        <span className="font-medium">{report.file_name} was not imported.</span> {summary} The last import is unchanged. Fix these in the file and import it again.
      </p>
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
            {report.issues.map((issue, index) => (
              <TableRow key={`${index}-${issue.line}-${issue.column}`}>
                <TableCell className="text-right tabular-nums">{issue.line === null ? "File" : count.format(issue.line)}</TableCell>
                <TableCell className="font-mono text-xs">{issue.column ?? "—"}</TableCell>
                <TableCell>{issue.message}</TableCell>
                <TableCell className="max-w-64 font-mono text-xs break-words">{issue.value === null ? "—" : issue.value === "" ? "(empty)" : issue.value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {report.issue_count > report.issues.length ? (
        <p className="text-[var(--color-muted-foreground)]">
          Showing the first {count.format(report.issues.length)} of {count.format(report.issue_count)} problems.
        </p>
      ) : null}
    </div>
  );
}

/** The last valid import: who imported which file, and its first rows. */
export function ImportedContainers({ imported }: { imported: OpenContainers }) {
  const shown = imported.rows.length < imported.row_count ? ` The first ${count.format(imported.rows.length)} are listed.` : "";
  return (
    <div className="space-y-3 text-sm">
      <p>
        {countOf(imported.row_count, "open container", "open containers")} from {imported.file_name}, imported on {formatDateTime(imported.imported_at)}
        {imported.imported_by_name ? ` by ${imported.imported_by_name}` : ""}.{shown}
      </p>
      <div className="max-h-96 overflow-y-auto rounded-md border border-[var(--color-border)]">
        <Table>
          <TableCaption className="sr-only">Imported open containers</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Container</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Route</TableHead>
              <TableHead>ETD</TableHead>
              <TableHead>ETA</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Bill of lading</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {imported.rows.map((row) => (
              <TableRow key={row.line}>
                <TableCell className="font-mono text-xs">{row.container_number}</TableCell>
                <TableCell>{row.type_code}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {row.origin_port} → {row.destination_port}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatCalendarDay(row.etd)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatCalendarDay(row.eta)}</TableCell>
                <TableCell>{row.status}</TableCell>
                <TableCell className="font-mono text-xs">{row.bill_of_lading ?? "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
