import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

/**
 * A percentage as a bar with its number beside it, exposed as a progress bar named by `label`
 * ("Progress of Financials"), so that several on one page stay apart.
 */
export function PlanProgressBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return <ProgressBar value={percent} label={label} showValue className={className} />;
}
