import { cn } from "#web/lib/cn.ts";

function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

/**
 * A percentage as a bar with its number beside it, exposed as a progress bar named by `label`
 * ("Progress of Financials"), so that several on one page stay apart.
 */
export function PlanProgressBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  const value = clampPercent(percent);
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-[var(--color-border)]"
      >
        <div className="h-full rounded-full bg-[var(--color-primary)]" style={{ width: `${value}%` }} />
      </div>
      <span aria-hidden="true" className="w-10 shrink-0 text-right text-sm font-medium tabular-nums">
        {value}%
      </span>
    </div>
  );
}
