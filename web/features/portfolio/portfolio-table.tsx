import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useNavigate } from "react-router";
import type { PortfolioOrganization } from "#common/contracts/portfolio";
import { PORTFOLIO_FLAG_LABELS } from "#common/domain/portfolio";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatCalendarDay, formatRelativeTime } from "#web/lib/format-date.ts";
import { selectEmployeeOrganization } from "#web/lib/selected-organization.ts";
import { type PortfolioSort, type SortDirection, describeDaysToGoLive } from "./portfolio-view.ts";

export const PORTFOLIO_COLUMNS: readonly { sort: PortfolioSort; label: string; numeric?: boolean }[] = [
  { sort: "name", label: "Organization" },
  { sort: "score", label: "Score", numeric: true },
  { sort: "launchpad", label: "Launchpad", numeric: true },
  { sort: "plan", label: "Plan", numeric: true },
  { sort: "go_live", label: "Go-live" },
  { sort: "risks", label: "High risks", numeric: true },
  { sort: "overdue", label: "Overdue", numeric: true },
  { sort: "help", label: "Help requests", numeric: true },
  { sort: "activity", label: "Last activity" },
];

function SortIcon({ active, direction }: { active: boolean; direction: SortDirection }) {
  if (!active) return <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />;
  return direction === "ascending" ? <ArrowUp aria-hidden="true" className="size-3.5" /> : <ArrowDown aria-hidden="true" className="size-3.5" />;
}

/** The portfolio's rows; a heading sorts by its column, a name acts for that organization. */
export function PortfolioTable({
  rows,
  sort,
  onSort,
}: {
  rows: readonly PortfolioOrganization[];
  sort: { by: PortfolioSort; direction: SortDirection };
  onSort: (by: PortfolioSort) => void;
}) {
  const navigate = useNavigate();
  const actFor = (organization: PortfolioOrganization) => {
    selectEmployeeOrganization(organization.id);
    void navigate("/dashboard");
  };
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {PORTFOLIO_COLUMNS.map((column) => (
            <TableHead key={column.sort} aria-sort={sort.by === column.sort ? sort.direction : "none"} className={column.numeric ? "text-right" : undefined}>
              <Button variant="ghost" size="sm" className="-mx-2 gap-1 px-2" onClick={() => onSort(column.sort)}>
                {column.label}
                <SortIcon active={sort.by === column.sort} direction={sort.direction} />
              </Button>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="min-w-48">
              <div className="space-y-1">
                <Button
                  variant="ghost"
                  aria-label={`${row.name}: act for this organization`}
                  className="-mx-2 h-auto px-2 py-1 text-left font-semibold whitespace-normal text-[var(--color-primary)] underline underline-offset-4"
                  onClick={() => actFor(row)}
                >
                  {row.name}
                </Button>
                {row.flags.length > 0 ? (
                  <div className="flex flex-wrap gap-1">
                    {row.flags.map((flag) => (
                      <Badge key={flag} variant={flag === "at_risk" ? "destructive" : "outline"}>
                        {PORTFOLIO_FLAG_LABELS[flag]}
                      </Badge>
                    ))}
                  </div>
                ) : null}
                {row.next_action ? <p className="text-xs text-[var(--color-muted-foreground)]">Next: {row.next_action.label}</p> : null}
              </div>
            </TableCell>
            <TableCell className="text-right font-semibold tabular-nums">{row.score}</TableCell>
            <TableCell className="text-right tabular-nums">{row.launchpad_percent}%</TableCell>
            <TableCell className="text-right tabular-nums">{row.plan_percent}%</TableCell>
            <TableCell>
              {row.go_live_date ? (
                <>
                  {formatCalendarDay(row.go_live_date)} <span className="text-[var(--color-muted-foreground)]">({describeDaysToGoLive(row.days_to_go_live)})</span>
                </>
              ) : (
                <span className="text-[var(--color-muted-foreground)]">Not set</span>
              )}
            </TableCell>
            <TableCell className={row.open_high_risks > 0 ? "text-right font-semibold text-[var(--color-destructive)] tabular-nums" : "text-right tabular-nums"}>{row.open_high_risks}</TableCell>
            <TableCell className={row.overdue_items > 0 ? "text-right font-semibold text-[var(--color-destructive)] tabular-nums" : "text-right tabular-nums"}>{row.overdue_items}</TableCell>
            <TableCell className="text-right tabular-nums">{row.open_help_requests}</TableCell>
            <TableCell>{row.last_activity_at ? formatRelativeTime(row.last_activity_at) : <span className="text-[var(--color-muted-foreground)]">None yet</span>}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
