import type { ReactNode } from "react";
import { describeBrowser } from "#web/lib/describe-browser.ts";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { resolutionNoteLabel } from "#common/domain/action-log";
import { formatDateTime, formatDay } from "#web/lib/format-date.ts";
import { Assignee, DueDate, RiskScore } from "./entry-cells.tsx";
import { EntryTime } from "./entry-time.tsx";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-[var(--color-muted-foreground)]">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

const NONE = <span className="text-[var(--color-muted-foreground)]">None</span>;

/** An entry's fields at a glance: two columns on a wide sheet, one on a phone. */
export function EntryFacts({ entry }: { entry: ActionLogEntry }) {
  const isRisk = entry.action_log_type === "Risk";
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      <Fact label="Type">{entry.action_log_type}</Fact>
      <Fact label="Priority">{entry.priority}</Fact>
      <Fact label="Impact">{entry.impact_level}</Fact>
      {isRisk ? (
        <>
          <Fact label="Likelihood">{entry.likelihood ?? NONE}</Fact>
          <Fact label="Risk score">{entry.risk_score === null ? "Not scored until the likelihood is known" : <RiskScore score={entry.risk_score} />}</Fact>
        </>
      ) : null}
      <Fact label="Category">{entry.action_log_category}</Fact>
      <Fact label="Platform">{entry.platform}</Fact>
      <Fact label="Assigned to">
        <Assignee entry={entry} />
      </Fact>
      <Fact label="Due date">{entry.due_date ? <DueDate entry={entry} /> : NONE}</Fact>
      <Fact label="Phase">{entry.action_log_phase?.title ?? NONE}</Fact>
      <Fact label="Created">
        {entry.creator ? `${entry.creator.name}, ` : ""}
        <EntryTime iso={entry.created_at} />
      </Fact>
      <Fact label="Updated">
        <EntryTime iso={entry.updated_at} />
      </Fact>
      {entry.help_type !== null || entry.source_page !== null ? <HelpContext entry={entry} /> : null}
    </dl>
  );
}

/** Where a Get Help entry was raised: the page and the browser, so nobody has to ask. */
function HelpContext({ entry }: { entry: ActionLogEntry }) {
  return (
    <>
      <Fact label="Context">{entry.source_page ? <span className="break-all">{`Raised from ${entry.source_page}`}</span> : "Raised through Get Expert Help"}</Fact>
      <Fact label="Browser">{entry.source_browser ? <BrowserFact userAgent={entry.source_browser} /> : NONE}</Fact>
    </>
  );
}

/** The browser as people read it, the whole user-agent string a click away for whoever needs it. */
function BrowserFact({ userAgent }: { userAgent: string }) {
  const described = describeBrowser(userAgent);
  if (!described) return <span className="break-all">{userAgent}</span>;
  return (
    <details>
      <summary className="cursor-pointer">{described}</summary>
      <span className="mt-1 block text-xs break-all text-[var(--color-muted-foreground)]">{userAgent}</span>
    </details>
  );
}

/** The resolution note, under its type's label; a decision's carries the day it was decided. */
export function ResolutionNote({ entry }: { entry: ActionLogEntry }) {
  if (!entry.resolution_notes) return null;
  return (
    <div className="space-y-1 rounded-md border border-[var(--color-border)] bg-[var(--color-muted)] p-3">
      <h3 className="text-sm font-semibold">{resolutionNoteLabel(entry.action_log_type)}</h3>
      <p className="text-sm break-words whitespace-pre-wrap">{entry.resolution_notes}</p>
      {entry.action_log_type === "Decision" && entry.resolved_at ? (
        <p className="text-xs text-[var(--color-muted-foreground)]">
          {"Decided on "}
          <time dateTime={entry.resolved_at} title={formatDateTime(entry.resolved_at)}>
            {formatDay(entry.resolved_at)}
          </time>
        </p>
      ) : null}
    </div>
  );
}
