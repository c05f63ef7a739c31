import { useQuery } from "@tanstack/react-query";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { launchPlanQuery } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { MilestoneCard } from "#web/features/launch-plan/components/milestone-card.tsx";
import { PlanEmptyState } from "#web/features/launch-plan/components/plan-empty-state.tsx";
import { describePlanProgress, describePlanScope } from "#web/features/launch-plan/components/plan-format.ts";
import { PlanOtherMilestones } from "#web/features/launch-plan/components/plan-other-milestones.tsx";
import { PlanTeamProgress } from "#web/features/launch-plan/components/plan-team-progress.tsx";

/** /system-refinement: the organization's milestones in position order, with what each needs and allows. */
export default function LaunchPlanPage() {
  const plan = useQuery(launchPlanQuery);
  return (
    <PageFrame title="Launch Plan" description={plan.data ? describePlanScope(plan.data.scope) : undefined}>
      {plan.data ? (
        <LaunchPlanContent plan={plan.data} />
      ) : plan.isError ? (
        <PageError error={plan.error} onRetry={() => void plan.refetch()} />
      ) : (
        <LoadingSkeleton label="Loading launch plan..." shape="cards" />
      )}
    </PageFrame>
  );
}

function LaunchPlanContent({ plan }: { plan: LaunchPlan }) {
  return (
    <>
      {plan.milestones.length === 0 ? (
        <PlanEmptyState plan={plan} />
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-[var(--color-muted-foreground)]">{describePlanProgress(plan.milestones)}</p>
          <ol aria-label="Milestones" className="space-y-4">
            {plan.milestones.map((milestone) => (
              <li key={milestone.id}>
                <MilestoneCard milestone={milestone} canOverride={plan.can_override} />
              </li>
            ))}
          </ol>
        </div>
      )}
      {plan.can_override ? <PlanTeamProgress /> : null}
      {plan.can_override ? <PlanOtherMilestones milestones={plan.other_milestones} /> : null}
    </>
  );
}
