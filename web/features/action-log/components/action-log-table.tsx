import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link, type To } from "react-router";
import type { ActionLogEntry, ActionLogSort } from "#common/contracts/action-log";
import { resolutionNoteLabel } from "#common/domain/action-log";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatDay } from "#web/lib/format-date.ts";
import type { ActionLogColumn } from "./action-log-pages.ts";
import { Assignee, DueDate, RiskScore, StatusBadge } from "./entry-cells.tsx";
import { type SortDirection, firstDirection } from "./use-action-log-address.ts";

export interface ActionLogTableProps {
  /** Names the table: "Risks". */
  label: string;
  entries: readonly ActionLogEntry[];
  columns: readonly ActionLogColumn[];
  sort: ActionLogSort | null;
  dir: SortDirection | null;
  onSort: (sort: ActionLogSort) => void;
  /** The address that opens an entry's details ("?entry=…" with the filters kept). */
  entryHref: (entry: ActionLogEntry) => To;
}

/** The list view: one row per entry, below `sm` a card each; column headings sort. */
export function ActionLogTable({ label, entries, columns, sort, dir, onSort, entryHref }: ActionLogTableProps) {
  const has = (column: ActionLogColumn) => columns.includes(column);
  const head = (key: ActionLogSort, text: string, className?: string) => (
    <SortableHead sortKey={key} active={sort === key ? (dir ?? firstDirection(key)) : null} onSort={onSort} className={className}>
      {text}
    </SortableHead>
  );
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {head("number", "Reference", "w-28")}
          {head("title", "Title")}
          {has("type") ? <TableHead className="hidden lg:table-cell">Type</TableHead> : null}
          {head("status", "Status", "w-32")}
          {has("priority") ? head("priority", "Priority", "w-28") : null}
          {has("risk") ? (
            <>
              <TableHead className="hidden md:table-cell">Likelihood</TableHead>
              <TableHead className="hidden md:table-cell">Impact</TableHead>
              {head("risk_score", "Score", "w-32")}
            </>
          ) : null}
          {has("decision") ? (
            <>
              <TableHead>{resolutionNoteLabel("Decision")}</TableHead>
              <TableHead className="w-32">Decided on</TableHead>
            </>
          ) : null}
          <TableHead className="hidden md:table-cell">Assigned to</TableHead>
          {head("due_date", "Due date", "w-36")}
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} className="hover:bg-[var(--color-muted)]/60">
            <TableCell className="font-mono text-xs whitespace-nowrap">{entry.reference}</TableCell>
            {/* A title is free text: a long word (a pasted code or link) wraps anywhere rather than widen the table. */}
            <TableCell className="min-w-0">
              <Link to={entryHref(entry)} className="font-medium [overflow-wrap:anywhere] underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] focus-visible:outline-none">
                {entry.title}
              </Link>
            </TableCell>
            {has("type") ? <TableCell className="hidden lg:table-cell">{entry.action_log_type}</TableCell> : null}
            <TableCell>
              <StatusBadge status={entry.status} />
            </TableCell>
            {has("priority") ? <TableCell>{entry.priority}</TableCell> : null}
            {has("risk") ? (
              <>
                <TableCell className="hidden md:table-cell">{entry.likelihood ?? "—"}</TableCell>
                <TableCell className="hidden md:table-cell">{entry.impact_level}</TableCell>
                <TableCell>
                  <RiskScore score={entry.risk_score} />
                </TableCell>
              </>
            ) : null}
            {has("decision") ? (
              <>
                <TableCell>{entry.resolution_notes ? <span className="line-clamp-3 break-words">{entry.resolution_notes}</span> : <Muted>Not decided yet</Muted>}</TableCell>
                <TableCell>{entry.resolved_at ? <time dateTime={entry.resolved_at}>{formatDay(entry.resolved_at)}</time> : <Muted>—</Muted>}</TableCell>
              </>
            ) : null}
            <TableCell className="hidden md:table-cell">
              <Assignee entry={entry} />
            </TableCell>
            <TableCell>
              <DueDate entry={entry} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-[var(--color-muted-foreground)]">{children}</span>;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A column heading that sorts: a button inside the `th`, whose aria-sort says how the list is sorted. */
function SortableHead({
  sortKey,
  active,
  onSort,
  className,
  children,
}: {
  sortKey: ActionLogSort;
  active: SortDirection | null;
  onSort: (sort: ActionLogSort) => void;
  className?: string;
  children: string;
}) {
  const Icon = active === "asc" ? ArrowUp : active === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={active ? ARIA_SORT[active] : "none"} className={className}>
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 hover:text-[var(--color-foreground)] focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] focus-visible:outline-none"
      >
        {children}
        <Icon aria-hidden="true" className={active ? "size-3.5" : "size-3.5 opacity-50"} />
      </button>
    </TableHead>
  );
}
