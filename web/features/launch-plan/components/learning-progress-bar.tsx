import { cn } from "#web/lib/cn.ts";

/** A percentage as a horizontal bar, exposed to assistive technology as a named progress bar. */
export function LearningProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-[var(--color-muted)] ring-1 ring-[var(--color-border)] ring-inset", className)}
    >
      <div className="h-full rounded-full bg-[var(--color-primary)] transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
