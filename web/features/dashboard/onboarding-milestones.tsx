import { Circle, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { OnboardingMilestone } from "#common/contracts/dashboard";

/**
 * The four milestones behind the "Onboarding milestones" reading: each met or not; one not met
 * links to where it is done, or says why it cannot be done from here yet.
 */
export function OnboardingMilestones({ milestones }: { milestones: readonly OnboardingMilestone[] }) {
  return (
    <ul className="space-y-1.5" aria-label="Onboarding milestones">
      {milestones.map((milestone) => {
        const Icon = milestone.met ? CircleCheck : Circle;
        return (
          <li key={milestone.id} className="flex items-start gap-2 text-sm">
            <Icon
              aria-hidden="true"
              className={milestone.met ? "mt-0.5 size-4 shrink-0 text-[var(--color-primary)]" : "mt-0.5 size-4 shrink-0 text-[var(--color-muted-foreground)]"}
            />
            <span className="min-w-0">
              {!milestone.met && milestone.route ? (
                <Link to={milestone.route} className="font-medium text-[var(--color-primary)] underline underline-offset-4">
                  {milestone.label}
                </Link>
              ) : (
                <span className={milestone.met ? undefined : "text-[var(--color-muted-foreground)]"}>{milestone.label}</span>
              )}
              <span className="sr-only">{milestone.met ? " (done)" : " (not yet)"}</span>
              {milestone.note ? <span className="block text-xs text-[var(--color-muted-foreground)]">{milestone.note}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
