import { useQuery } from "@tanstack/react-query";
import { Navigate } from "react-router";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { launchPlanQuery } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { LAUNCH_PLAN_PATH, milestonePath } from "#web/features/launch-plan/components/plan-paths.ts";

/** /launchpad (spec §2): the plan's first milestone by position, or the Launch Plan when it has none. */
export default function FirstMilestoneRedirect() {
  const plan = useQuery(launchPlanQuery);
  if (plan.data) {
    const first = plan.data.milestones[0];
    return <Navigate to={first ? milestonePath(first.id) : LAUNCH_PLAN_PATH} replace />;
  }
  if (plan.isError) {
    return (
      <PageFrame title="Launch Plan">
        <PageError error={plan.error} onRetry={() => void plan.refetch()} />
      </PageFrame>
    );
  }
  return <LoadingSkeleton label="Opening your first milestone..." shape="page" />;
}
