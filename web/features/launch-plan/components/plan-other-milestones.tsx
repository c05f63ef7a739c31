import { useId } from "react";
import type { PlanMilestone } from "#common/contracts/launch-plan";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { OverrideButton } from "./milestone-actions.tsx";

/**
 * Employees only: the curriculum's milestones outside this organization's plan, each with why,
 * to add by hand; one an employee removed can also go back to following the estimate.
 */
export function PlanOtherMilestones({ milestones }: { milestones: readonly PlanMilestone[] }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="p-4 sm:p-6">
      <CardHeader>
        <CardTitle id={titleId}>Other milestones</CardTitle>
        <CardDescription>Milestones outside this organization's plan. Only the provider's team sees this list.</CardDescription>
      </CardHeader>
      {milestones.length === 0 ? (
        <p className="text-sm">Every milestone of the curriculum is in this plan.</p>
      ) : (
        <ul className="divide-y divide-[var(--color-border)]">
          {milestones.map((milestone) => (
            <li key={milestone.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 flex-1 basis-64 space-y-0.5">
                <h3 className="text-sm font-semibold break-words">{milestone.title}</h3>
                <p className="text-sm text-[var(--color-muted-foreground)]">{milestone.reason}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                {milestone.override !== null ? <OverrideButton milestone={milestone} override={null} /> : null}
                <OverrideButton milestone={milestone} override="include" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
