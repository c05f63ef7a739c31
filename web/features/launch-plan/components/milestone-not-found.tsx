import { Link } from "react-router";
import { LAUNCH_PLAN_MESSAGES } from "#common/contracts/launch-plan";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { LAUNCH_PLAN_PATH } from "./plan-paths.ts";

/** A milestone id that names no milestone of the plan (unknown, or outside it). */
export function MilestoneNotFound({ outsidePlanTitle }: { outsidePlanTitle: string | null }) {
  return (
    <PageFrame
      title={LAUNCH_PLAN_MESSAGES.milestoneNotFound}
      breadcrumbs={[{ label: "Launch Plan", to: LAUNCH_PLAN_PATH }, { label: LAUNCH_PLAN_MESSAGES.milestoneNotFound }]}
      description={
        outsidePlanTitle
          ? `${outsidePlanTitle} is not in this organization's plan. Add it from Other milestones on the Launch Plan to open it here.`
          : "This milestone is not part of your launch plan, or it no longer exists."
      }
    >
      <Button asChild>
        <Link to={LAUNCH_PLAN_PATH}>Back to the Launch Plan</Link>
      </Button>
    </PageFrame>
  );
}
