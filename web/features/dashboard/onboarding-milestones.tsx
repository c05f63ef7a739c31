import { Link } from "react-router";
import type { OnboardingMilestone } from "#common/contracts/dashboard";
import { ChecklistItem } from "#web/components/checklist-item.tsx";

/**
 * The four milestones behind the "Onboarding milestones" reading: each met or not; one not met
 * links to where it is done, or says why it cannot be done from here yet.
 */
export function OnboardingMilestones({ milestones }: { milestones: readonly OnboardingMilestone[] }) {
  return (
    <ul className="space-y-1.5" aria-label="Onboarding milestones">
      {milestones.map((milestone) => (
        <ChecklistItem key={milestone.id} met={milestone.met} variant="compact">
          {!milestone.met && milestone.route ? (
            <Link to={milestone.route} className="font-medium text-[var(--color-primary)] underline underline-offset-4">
              {milestone.label}
            </Link>
          ) : (
            <span className={milestone.met ? undefined : "text-[var(--color-muted-foreground)]"}>{milestone.label}</span>
          )}
          <span className="sr-only">{milestone.met ? " (done)" : " (not yet)"}</span>
          {milestone.note ? <span className="block text-xs text-[var(--color-muted-foreground)]">{milestone.note}</span> : null}
        </ChecklistItem>
      ))}
    </ul>
  );
}
