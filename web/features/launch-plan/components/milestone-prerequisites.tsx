import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { PlanMilestone } from "#common/contracts/launch-plan";
import { UNKNOWN_MILESTONE } from "./plan-format.ts";
import { milestonePath } from "./plan-paths.ts";

/**
 * The milestones to complete first. One in the plan links to its page and shows when it is
 * done; one outside the plan never locks (§4) and has no page to open, so it is named only.
 */
export function MilestonePrerequisites({ milestone, plan }: { milestone: PlanMilestone; plan: readonly PlanMilestone[] }) {
  if (milestone.prerequisites.length === 0) return null;
  const inPlan = new Map(plan.map((item) => [item.id, item]));
  return (
    <div className="space-y-1">
      <h2 className="text-sm font-semibold">Prerequisites</h2>
      <ul className="space-y-1 text-sm">
        {milestone.prerequisites.map((prerequisite) => {
          const planned = inPlan.get(prerequisite.id);
          const title = planned?.title ?? prerequisite.title ?? UNKNOWN_MILESTONE;
          const done = planned?.status === "completed";
          return (
            <li key={prerequisite.id} className="flex items-center gap-2">
              {planned ? (
                <Link to={milestonePath(planned.id)} className="min-w-0 break-words text-[var(--color-primary)] underline-offset-4 hover:underline">
                  {title}
                </Link>
              ) : (
                <span className="min-w-0 break-words">
                  {title}
                  {prerequisite.title !== null ? <span className="text-[var(--color-muted-foreground)]"> (not in your plan)</span> : null}
                </span>
              )}
              {done ? (
                <>
                  <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-[var(--color-primary)]" />
                  <span className="sr-only"> (completed)</span>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
