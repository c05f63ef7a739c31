import { Link } from "react-router";
import type { ActionLogEntry, HelpInbox } from "#common/contracts/action-log";
import { ACTION_LOG_TYPE_ITEMS } from "#common/domain/action-log";
import { Badge } from "#web/components/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { selectEmployeeOrganization } from "#web/lib/selected-organization.ts";

export type HelpInboxItem = HelpInbox["items"][number];

const REASON_LABELS: Record<HelpInboxItem["reason"], string> = { help_request: "Help request", overdue: "Overdue" };

const since = new Intl.RelativeTimeFormat(undefined, { numeric: "always" });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Each unit, and how many of it it takes before the inbox counts in it. */
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number, number])[] = [
  ["year", 365 * DAY, 1],
  ["month", 30 * DAY, 2],
  ["week", 7 * DAY, 2],
  ["day", DAY, 1],
  ["hour", HOUR, 1],
  ["minute", MINUTE, 1],
];

/**
 * How long ago something was raised, always as a span of time ("3 days ago", "2 weeks ago"): an
 * inbox is read by age. Days up to two weeks, weeks up to two months, then months and years.
 */
export function formatTimeSince(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  for (const [unit, size, least] of UNITS) {
    const count = Math.floor(elapsed / size);
    if (count >= least) return since.format(-count, unit);
  }
  return "just now";
}

/** Oldest first: the longest wait comes first. */
export function sortOldestFirst(items: readonly HelpInboxItem[]): HelpInboxItem[] {
  return [...items].sort((a, b) => a.entry.created_at.localeCompare(b.entry.created_at));
}

/**
 * Where an entry opens: a help request on its own page, which opens before the organization's
 * NDA too; any other entry on the page of its type, which every menu version has (/action-log is
 * only in v2). Each typed page's path is its item's name (spec §2).
 */
export function entryAddress(entry: Pick<ActionLogEntry, "id" | "action_log_type" | "help_type">): string {
  if (entry.help_type !== null) return `/help-requests/${encodeURIComponent(entry.id)}`;
  return `/${ACTION_LOG_TYPE_ITEMS[entry.action_log_type]}?entry=${encodeURIComponent(entry.id)}`;
}

/**
 * The inbox as a table. A title opens the entry in its organization: the employee acts for that
 * organization from then on, as after choosing it in the switcher.
 */
export function HelpInboxTable({ items, now }: { items: readonly HelpInboxItem[]; now: number }) {
  return (
    <Table aria-label="Help inbox">
      <TableHeader>
        <TableRow>
          <TableHead>Organization</TableHead>
          <TableHead>Reference</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Assignee</TableHead>
          <TableHead>Raised</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map(({ organization, entry, reason }) => (
          <TableRow key={`${entry.id}-${reason}`}>
            <TableCell className="break-words">{organization.name}</TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{entry.reference}</TableCell>
            <TableCell className="min-w-48 [overflow-wrap:anywhere]">
              <Link
                to={entryAddress(entry)}
                className="font-medium underline-offset-4 hover:underline"
                onClick={() => selectEmployeeOrganization(organization.id)}
              >
                {entry.title}
              </Link>
            </TableCell>
            <TableCell>{entry.action_log_type}</TableCell>
            <TableCell>
              <Badge variant={reason === "overdue" ? "destructive" : "outline"}>{REASON_LABELS[reason]}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">{entry.status}</TableCell>
            <TableCell>{entry.assigned_to?.name ?? "Unassigned"}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={entry.created_at} title={formatDateTime(entry.created_at)}>
                {formatTimeSince(entry.created_at, now)}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
