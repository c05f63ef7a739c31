import { FileText, Scale } from "lucide-react";
import { Link } from "react-router";

/**
 * The two pages built on the estimates: the subscription plan (the locked estimate and the
 * history) and the deployment plan (estimates side by side). Shown wherever estimates are.
 */
export function PlanLinks({ onNavigate }: { onNavigate?: () => void }) {
  const linkClass = "inline-flex items-center gap-1.5 text-sm font-medium text-[var(--color-primary)] underline underline-offset-4";
  return (
    <nav aria-label="Plans" className="flex flex-wrap gap-x-5 gap-y-2">
      <Link to="/plans" className={linkClass} onClick={onNavigate}>
        <FileText aria-hidden="true" className="size-4" />
        Subscription plan
      </Link>
      <Link to="/pricing-deployment-plan" className={linkClass} onClick={onNavigate}>
        <Scale aria-hidden="true" className="size-4" />
        Compare estimates
      </Link>
    </nav>
  );
}
