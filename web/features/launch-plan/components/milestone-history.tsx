import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, RotateCcw } from "lucide-react";
import { useId } from "react";
import type { MilestoneHistoryEntry, PlanMilestone } from "#common/contracts/launch-plan";
import { PageError } from "#web/components/page-error.tsx";
import { milestoneHistoryQuery } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { describeMilestoneEvent } from "./plan-format.ts";

const EVENT_ICONS = { completed: CircleCheck, completed_early: CircleAlert, reopened: RotateCcw } as const;

/**
 * Beside a milestone's progress: it was closed with courses left, by whom, when and how far they
 * were, so a completed milestone at 25 % reads as what it is.
 */
export function ClosedEarlyNote({ milestone }: { milestone: PlanMilestone }) {
  const closed = milestone.closed_early;
  if (!closed) return null;
  return (
    <p className="flex gap-2 text-sm">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-[var(--color-muted-foreground)]" />
      <span className="min-w-0 break-words">{describeMilestoneEvent({ event: "completed_early", reason: null, ...closed })}.</span>
    </p>
  );
}

/**
 * The milestone page's history: each completion (early ones with the courses done) and reopening
 * with its reason, newest first. Asked for only when the plan says there is one, so most pages
 * cost no request; a change of the plan refreshes it (its key is under the plan's).
 */
export function MilestoneHistorySection({ milestone }: { milestone: PlanMilestone }) {
  const headingId = useId();
  const history = useQuery({ ...milestoneHistoryQuery(milestone.id), enabled: milestone.has_history });
  if (!milestone.has_history) return null;
  if (history.isError) return <PageError error={history.error} onRetry={() => void history.refetch()} />;
  const entries = history.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        History
      </h2>
      <ol className="space-y-2 rounded-xl border border-[var(--color-border)] bg-[var(--color-card)] p-4 text-sm shadow-sm">
        {entries.map((entry) => (
          <HistoryItem key={entry.id} entry={entry} />
        ))}
      </ol>
    </section>
  );
}

function HistoryItem({ entry }: { entry: MilestoneHistoryEntry }) {
  const Icon = EVENT_ICONS[entry.event];
  return (
    <li className="flex gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-[var(--color-muted-foreground)]" />
      {/* A reason keeps the lines it was written with. */}
      <span className="min-w-0 break-words whitespace-pre-line">{describeMilestoneEvent(entry)}</span>
    </li>
  );
}
