import { useId } from "react";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { Link } from "react-router";
import type { PlanMilestone } from "#common/contracts/launch-plan";
import { Card } from "#web/components/ui/card.tsx";
import { MilestoneActions } from "./milestone-actions.tsx";
import { MilestoneCourseList } from "./milestone-course-list.tsx";
import { MilestoneGoals, MilestoneTimeEstimate } from "./milestone-facts.tsx";
import { ClosedEarlyNote } from "./milestone-history.tsx";
import { MilestoneLockNotice } from "./milestone-lock-notice.tsx";
import { MilestoneStatusBadge } from "./plan-status-badge.tsx";
import { milestonePath } from "./plan-paths.ts";

/** One milestone of the Launch Plan: status, progress, goals, why it is planned, its lock, courses and actions. */
export function MilestoneCard({ milestone, canOverride }: { milestone: PlanMilestone; canOverride: boolean }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="space-y-4 p-4 sm:p-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
            <Link to={milestonePath(milestone.id)} className="underline-offset-4 hover:underline">
              {milestone.title}
            </Link>
          </h2>
          <MilestoneStatusBadge status={milestone.status} completedAt={milestone.completed_at} closedEarly={milestone.closed_early !== null} />
        </div>
        <p className="text-sm text-[var(--color-muted-foreground)]">{milestone.reason}</p>
      </div>
      <ProgressBar showValue value={milestone.percent} label={`Progress of ${milestone.title}`} />
      <ClosedEarlyNote milestone={milestone} />
      <MilestoneTimeEstimate timeEstimate={milestone.time_estimate} />
      {milestone.lock.locked ? <MilestoneLockNotice reason={milestone.lock.reason} /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <MilestoneGoals goals={milestone.goals} headingLevel="h3" />
        <MilestoneCourseList milestoneId={milestone.id} courses={milestone.courses} />
      </div>
      <MilestoneActions milestone={milestone} canOverride={canOverride} />
    </Card>
  );
}
