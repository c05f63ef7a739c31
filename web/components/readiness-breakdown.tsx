import { Link } from "react-router";
import type { ReadinessAnswer } from "#common/contracts/readiness";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

const POINTS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** "12.5 of 15 points". */
export function formatFactorPoints(points: number, weight: number): string {
  return `${POINTS.format(points)} of ${POINTS.format(weight)} points`;
}

/**
 * The readiness score's factors (common/domain/readiness-score.ts): each with its points of its
 * weight as a bar, what the facts say, and what would raise it. Shared by the dashboard and the
 * decision-maker dashboard.
 */
export function ReadinessBreakdown({ readiness, linkActions = true }: { readiness: ReadinessAnswer; linkActions?: boolean }) {
  return (
    <ul className="divide-y divide-[var(--color-border)]">
      {readiness.factors.map((factor) => (
        <li key={factor.id} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="text-sm font-medium">{factor.label}</span>
            <span className="text-xs text-[var(--color-muted-foreground)] tabular-nums">{formatFactorPoints(factor.points, factor.weight)}</span>
          </div>
          <ProgressBar size="sm" value={(100 * factor.points) / factor.weight} label={factor.label} valueText={formatFactorPoints(factor.points, factor.weight)} />
          <p className="text-sm text-[var(--color-muted-foreground)]">
            {factor.detail}
            {factor.action && linkActions ? (
              <>
                {" · "}
                <Link to={factor.action.route} className="text-[var(--color-primary)] underline underline-offset-4">
                  {factor.action.label}
                </Link>
              </>
            ) : factor.action ? (
              ` · ${factor.action.label}`
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
