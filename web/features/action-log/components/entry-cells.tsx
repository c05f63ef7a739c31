import { AlertTriangle } from "lucide-react";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { type ActionLogStatus, type RiskBand, riskBand } from "#common/domain/action-log";
import { Badge } from "#web/components/ui/badge.tsx";
import { cn } from "#web/lib/cn.ts";
import { formatCalendarDay } from "#web/lib/format-date.ts";

const STATUS_STYLES: Record<ActionLogStatus, string> = {
  Open: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100",
  "In Progress": "border-indigo-300 bg-indigo-50 text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100",
  Blocked: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  Resolved: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  Closed: "border-[var(--color-border)] bg-[var(--color-muted)] text-[var(--color-foreground)]",
};

/** The status as a badge: the word itself, the colour only helps. */
export function StatusBadge({ status }: { status: ActionLogStatus }) {
  return <Badge className={STATUS_STYLES[status]}>{status}</Badge>;
}

/** A risk band's colours, shared by the score badge and the matrix's cells. */
export const RISK_BAND_STYLES: Record<RiskBand, string> = {
  Low: "bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  Medium: "bg-yellow-100 text-yellow-950 dark:bg-yellow-950 dark:text-yellow-50",
  High: "bg-orange-200 text-orange-950 dark:bg-orange-950 dark:text-orange-50",
  Critical: "bg-red-200 text-red-950 dark:bg-red-950 dark:text-red-50",
};

/** "9 · High", coloured by band; a dash for a risk whose likelihood is not known yet. */
export function RiskScore({ score }: { score: number | null }) {
  if (score === null) return <span className="text-[var(--color-muted-foreground)]">—</span>;
  const band = riskBand(score);
  return (
    <Badge className={cn("border-transparent tabular-nums", RISK_BAND_STYLES[band])}>
      {score} · {band}
    </Badge>
  );
}

/** The due date; an overdue one is red and says "Overdue" in words. */
export function DueDate({ entry }: { entry: Pick<ActionLogEntry, "due_date" | "is_overdue"> }) {
  if (!entry.due_date) return <span className="text-[var(--color-muted-foreground)]">—</span>;
  const day = <time dateTime={entry.due_date}>{formatCalendarDay(entry.due_date)}</time>;
  if (!entry.is_overdue) return day;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 font-medium text-[var(--color-destructive)]">
      <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0" />
      {day}
      <span>Overdue</span>
    </span>
  );
}

export function Assignee({ entry }: { entry: Pick<ActionLogEntry, "assigned_to"> }) {
  if (!entry.assigned_to) return <span className="text-[var(--color-muted-foreground)]">Unassigned</span>;
  return (
    <span>
      {entry.assigned_to.name}
      {entry.assigned_to.is_employee ? <span className="text-[var(--color-muted-foreground)]"> (provider)</span> : null}
    </span>
  );
}
