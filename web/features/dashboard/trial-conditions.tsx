import { Link } from "react-router";
import type { TrialCondition } from "#common/contracts/dashboard";
import { ChecklistItem } from "#web/components/checklist-item.tsx";

/** Where each condition is met (pages of the shell), and the link's words. */
const CONDITION_PAGES: Record<TrialCondition["id"], { route: string; linkText: string }> = {
  "nda-signed": { route: "/nda", linkText: "Go to the NDA" },
  "estimate-exists": { route: "/price", linkText: "Go to Subscription Price" },
};

/** The trial's conditions, each met or not, with a link to where it is met. */
export function TrialConditions({ conditions }: { conditions: readonly TrialCondition[] }) {
  return (
    <ul className="space-y-3">
      {conditions.map((condition) => {
        const page = CONDITION_PAGES[condition.id];
        return (
          <ChecklistItem key={condition.id} met={condition.met} variant="boxed">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{condition.label}</span>
              <span className="text-[var(--color-muted-foreground)]">{condition.met ? "Met" : "Not met"}</span>
            </p>
            <p className="text-sm">{condition.description}</p>
            <Link to={page.route} className="text-sm font-medium text-[var(--color-primary)] underline underline-offset-4">
              {page.linkText}
            </Link>
          </ChecklistItem>
        );
      })}
    </ul>
  );
}
