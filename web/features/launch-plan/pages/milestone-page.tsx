import { useQuery } from "@tanstack/react-query";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { Suspense, lazy, useEffect, useRef } from "react";
import { useParams } from "react-router";
import type { PlanMilestone } from "#common/contracts/launch-plan";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { launchPlanQuery, useStartMilestone } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { MarkCompleteButton, ReopenMilestoneButton } from "#web/features/launch-plan/components/milestone-actions.tsx";
import { MilestoneCourseCards } from "#web/features/launch-plan/components/milestone-course-cards.tsx";
import { MilestoneGoals, MilestoneTimeEstimate } from "#web/features/launch-plan/components/milestone-facts.tsx";
import { ClosedEarlyNote, MilestoneHistorySection } from "#web/features/launch-plan/components/milestone-history.tsx";
import { MilestoneLockNotice } from "#web/features/launch-plan/components/milestone-lock-notice.tsx";
import { MilestoneNotFound } from "#web/features/launch-plan/components/milestone-not-found.tsx";
import { MilestonePrerequisites } from "#web/features/launch-plan/components/milestone-prerequisites.tsx";
import { LAUNCH_PLAN_PATH } from "#web/features/launch-plan/components/plan-paths.ts";
import { MilestoneStatusBadge } from "#web/features/launch-plan/components/plan-status-badge.tsx";

// The documents come after the facts and courses; their code (lists, dialogs, capture) follows the page.
const MilestoneAttachments = lazy(() =>
  import("#web/features/launch-plan/components/milestone-attachments.tsx").then((module) => ({ default: module.MilestoneAttachments })),
);

/**
 * /milestone/:milestoneId and /system-refinement/milestone/:milestoneId: one milestone of the
 * plan. It reads the plan the navigation reads too (one request), and opening it starts it.
 */
export default function MilestonePage() {
  const { milestoneId = "" } = useParams();
  const plan = useQuery(launchPlanQuery);
  const milestone = plan.data?.milestones.find((item) => item.id === milestoneId);
  // The provider's team looks at an organization's plan without moving it (can_override is theirs).
  useStartOnOpen(plan.data?.can_override === false ? milestone : undefined);

  if (!plan.data) {
    if (plan.isError) {
      return (
        <PageFrame title="Milestone" breadcrumbs={[{ label: "Launch Plan", to: LAUNCH_PLAN_PATH }, { label: "Milestone" }]}>
          <PageError error={plan.error} onRetry={() => void plan.refetch()} />
        </PageFrame>
      );
    }
    return <LoadingSkeleton label="Loading milestone..." shape="page" />;
  }
  if (!milestone) {
    const outside = plan.data.other_milestones.find((item) => item.id === milestoneId);
    return <MilestoneNotFound outsidePlanTitle={outside?.title ?? null} />;
  }
  return <MilestoneContent milestone={milestone} plan={plan.data.milestones} />;
}

/**
 * Opening a milestone that may start starts it (spec §4), once per milestone. A failed start is
 * left unsaid (§8): the milestone stays Not started, and its Start stays on the Launch Plan.
 */
function useStartOnOpen(milestone: PlanMilestone | undefined) {
  const { mutate } = useStartMilestone();
  const asked = useRef(new Set<string>());
  const id = milestone?.id;
  const canStart = milestone?.can_start === true;
  useEffect(() => {
    if (id === undefined || !canStart || asked.current.has(id)) return;
    asked.current.add(id);
    mutate(id);
  }, [id, canStart, mutate]);
}

function MilestoneContent({ milestone, plan }: { milestone: PlanMilestone; plan: readonly PlanMilestone[] }) {
  return (
    <PageFrame
      title={milestone.title}
      breadcrumbs={[{ label: "Launch Plan", to: LAUNCH_PLAN_PATH }, { label: milestone.title }]}
      titleAside={<MilestoneStatusBadge status={milestone.status} completedAt={milestone.completed_at} closedEarly={milestone.closed_early !== null} />}
      description={milestone.description}
      actions={
        <>
          <MarkCompleteButton milestone={milestone} />
          <ReopenMilestoneButton milestone={milestone} />
        </>
      }
    >
      <div className="space-y-4 rounded-xl border border-[var(--color-border)] bg-[var(--color-card)] p-4 shadow-sm sm:p-6">
        <p className="text-sm text-[var(--color-muted-foreground)]">{milestone.reason}</p>
        <ProgressBar showValue value={milestone.percent} label={`Progress of ${milestone.title}`} />
        <ClosedEarlyNote milestone={milestone} />
        <MilestoneTimeEstimate timeEstimate={milestone.time_estimate} />
        {milestone.lock.locked ? <MilestoneLockNotice reason={milestone.lock.reason} /> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <MilestoneGoals goals={milestone.goals} headingLevel="h2" />
          <MilestonePrerequisites milestone={milestone} plan={plan} />
        </div>
      </div>
      <MilestoneCourseCards milestoneId={milestone.id} courses={milestone.courses} />
      <MilestoneHistorySection milestone={milestone} />
      <Suspense fallback={null}>
        <MilestoneAttachments milestoneId={milestone.id} />
      </Suspense>
    </PageFrame>
  );
}
