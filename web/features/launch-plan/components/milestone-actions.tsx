import { CircleCheck, CirclePlay, ListRestart, ListX } from "lucide-react";
import type { PlanMilestone } from "#common/contracts/launch-plan";
import { Button } from "#web/components/ui/button.tsx";
import { useCompleteMilestone, useOverrideMilestone, useStartMilestone } from "#web/features/launch-plan/api/launch-plan-api.ts";
import {
  type PlanOverride,
  showMilestoneCompleteFailed,
  showMilestoneCompleted,
  showMilestoneStartFailed,
  showOverrideFailed,
  showOverrideSaved,
} from "./plan-toasts.ts";

// Toasts follow the promise of mutateAsync, not mutate's callbacks: completing or removing a
// milestone refetches the plan, which may unmount the button (and drop mutate's callbacks) first.

/** "Mark as complete", shown only when the server says it may be (can_complete). */
export function MarkCompleteButton({ milestone, variant = "default" }: { milestone: PlanMilestone; variant?: "default" | "outline" }) {
  const complete = useCompleteMilestone();
  if (!milestone.can_complete) return null;
  return (
    <Button
      variant={variant}
      disabled={complete.isPending}
      onClick={() => void complete.mutateAsync(milestone.id).then(showMilestoneCompleted, showMilestoneCompleteFailed)}
    >
      <CircleCheck aria-hidden="true" />
      Mark as complete{" "}<span className="sr-only">{milestone.title}</span>
    </Button>
  );
}

export function StartMilestoneButton({ milestone }: { milestone: PlanMilestone }) {
  const start = useStartMilestone();
  if (!milestone.can_start) return null;
  return (
    <Button disabled={start.isPending} onClick={() => void start.mutateAsync(milestone.id).catch(showMilestoneStartFailed)}>
      <CirclePlay aria-hidden="true" />
      Start{" "}<span className="sr-only">{milestone.title}</span>
    </Button>
  );
}

/** Employees (can_override): add a milestone to this organization's plan, remove it, or follow the estimate again. */
export function OverrideButton({ milestone, override }: { milestone: PlanMilestone; override: PlanOverride }) {
  const change = useOverrideMilestone();
  const label = override === "include" ? "Add to plan" : override === "exclude" ? "Remove from plan" : "Follow the estimate";
  const Icon = override === "exclude" ? ListX : ListRestart;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={change.isPending}
      onClick={() =>
        void change
          .mutateAsync({ milestoneId: milestone.id, override })
          .then(() => showOverrideSaved(milestone.title, override), showOverrideFailed)
      }
    >
      {override === "include" ? null : <Icon aria-hidden="true" />}
      {label}
      {" "}<span className="sr-only">{milestone.title}</span>
    </Button>
  );
}

/**
 * A plan milestone's actions, each shown only when its verdict allows: Start, Mark as complete,
 * and for employees Remove from plan and, over an employee's earlier choice, Follow the estimate.
 */
export function MilestoneActions({ milestone, canOverride }: { milestone: PlanMilestone; canOverride: boolean }) {
  const hasStatusAction = milestone.can_start || milestone.can_complete;
  if (!hasStatusAction && !canOverride) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StartMilestoneButton milestone={milestone} />
      <MarkCompleteButton milestone={milestone} variant={milestone.can_start ? "outline" : "default"} />
      {canOverride ? (
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {milestone.override !== null ? <OverrideButton milestone={milestone} override={null} /> : null}
          <OverrideButton milestone={milestone} override="exclude" />
        </div>
      ) : null}
    </div>
  );
}
