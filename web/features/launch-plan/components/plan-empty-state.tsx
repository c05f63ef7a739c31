import { MapIcon } from "lucide-react";
import { Link } from "react-router";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import { Button } from "#web/components/ui/button.tsx";
import { describeEmptyPlan } from "./plan-format.ts";

/** A plan without milestones, and why: no estimate yet, or none of the milestones match it. */
export function PlanEmptyState({ plan }: { plan: LaunchPlan }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-[var(--color-border)] px-4 py-10 text-center">
      <MapIcon aria-hidden="true" className="size-8 text-[var(--color-muted-foreground)]" />
      <h2 className="text-lg font-semibold">Your plan has no milestones yet</h2>
      <p className="max-w-prose text-sm text-[var(--color-muted-foreground)]">{describeEmptyPlan(plan.scope)}</p>
      {plan.can_override ? (
        <p className="max-w-prose text-sm text-[var(--color-muted-foreground)]">You can add milestones by hand from Other milestones below.</p>
      ) : null}
      <Button asChild>
        <Link to="/price">{plan.scope.source === "none" ? "Get a price" : "Review your estimate"}</Link>
      </Button>
    </div>
  );
}
