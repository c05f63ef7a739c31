import { CircleCheck, CirclePlay, ListRestart, ListX, RotateCcw } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import type { PlanMilestone } from "#common/contracts/launch-plan";
import { type CourseTally, isEarlyCompletion, readEarlyCompletionDetails } from "#common/domain/milestone-completion";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api-client.ts";
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

const CompleteEarlyDialog = lazy(() => import("./milestone-dialogs.tsx").then((module) => ({ default: module.CompleteEarlyDialog })));
const ReopenMilestoneDialog = lazy(() => import("./milestone-dialogs.tsx").then((module) => ({ default: module.ReopenMilestoneDialog })));

/**
 * "Mark as complete", shown only when the server says it may be (can_complete). With courses
 * left it asks first, with the server's counts: those of the milestone, or of a refusal when the
 * page's were behind.
 */
export function MarkCompleteButton({ milestone, variant = "default" }: { milestone: PlanMilestone; variant?: "default" | "outline" }) {
  const complete = useCompleteMilestone();
  const [asking, setAsking] = useState<CourseTally | null>(null);
  if (!milestone.can_complete) return null;
  const finish = (early: boolean) =>
    void complete.mutateAsync({ milestoneId: milestone.id, early }).then(
      () => {
        setAsking(null);
        showMilestoneCompleted();
      },
      (error: unknown) => {
        const left = !early && error instanceof ApiError && error.code === "conflict" ? readEarlyCompletionDetails(error.details) : null;
        setAsking(left);
        if (!left) showMilestoneCompleteFailed(error);
      },
    );
  return (
    <>
      <Button
        variant={variant}
        disabled={complete.isPending}
        onClick={() => (isEarlyCompletion(milestone.course_tally) ? setAsking(milestone.course_tally) : finish(false))}
      >
        <CircleCheck aria-hidden="true" />
        Mark as complete{" "}<span className="sr-only">{milestone.title}</span>
      </Button>
      {asking ? (
        <Suspense fallback={null}>
          <CompleteEarlyDialog title={milestone.title} tally={asking} busy={complete.isPending} onConfirm={() => finish(true)} onCancel={() => setAsking(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** "Reopen", for organization admins and employees (can_reopen): asks the reason in a dialog. */
export function ReopenMilestoneButton({ milestone }: { milestone: PlanMilestone }) {
  const [open, setOpen] = useState(false);
  if (!milestone.can_reopen) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden="true" />
        Reopen{" "}<span className="sr-only">{milestone.title}</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReopenMilestoneDialog milestone={milestone} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
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
 * Reopen, and for employees Remove from plan and, over an employee's earlier choice, Follow the estimate.
 */
export function MilestoneActions({ milestone, canOverride }: { milestone: PlanMilestone; canOverride: boolean }) {
  const hasStatusAction = milestone.can_start || milestone.can_complete || milestone.can_reopen;
  if (!hasStatusAction && !canOverride) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StartMilestoneButton milestone={milestone} />
      <MarkCompleteButton milestone={milestone} variant={milestone.can_start ? "outline" : "default"} />
      <ReopenMilestoneButton milestone={milestone} />
      {canOverride ? (
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {milestone.override !== null ? <OverrideButton milestone={milestone} override={null} /> : null}
          <OverrideButton milestone={milestone} override="exclude" />
        </div>
      ) : null}
    </div>
  );
}
