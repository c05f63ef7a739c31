import { CircleCheck, CircleX } from "lucide-react";
import { Link } from "react-router";
import type { TrialCondition } from "#common/contracts/dashboard";

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
        const Icon = condition.met ? CircleCheck : CircleX;
        return (
          <li key={condition.id} className="flex gap-3 rounded-md border border-[var(--color-border)] p-3">
            <Icon
              aria-hidden="true"
              className={condition.met ? "mt-0.5 size-5 shrink-0 text-[var(--color-primary)]" : "mt-0.5 size-5 shrink-0 text-[var(--color-destructive)]"}
            />
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold">{condition.label}</span>
                <span className="text-[var(--color-muted-foreground)]">{condition.met ? "Met" : "Not met"}</span>
              </p>
              <p className="text-sm">{condition.description}</p>
              <Link to={page.route} className="text-sm font-medium text-[var(--color-primary)] underline underline-offset-4">
                {page.linkText}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
