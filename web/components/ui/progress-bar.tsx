import { type ReactNode, useId } from "react";
import { cn } from "#web/lib/cn.ts";

/** A percentage as a whole number from 0 to 100; anything not finite (NaN, ±Infinity) counts as 0. */
export function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

/** The bar's accessible name: a label of its own, the id of an element that names it, or a visible caption. */
type ProgressBarName =
  | { label: string; labelledBy?: never; caption?: never }
  | { labelledBy: string; label?: never; caption?: never }
  | { caption: ReactNode; label?: never; labelledBy?: never };

export type ProgressBarProps = ProgressBarName & {
  /** The percentage; clamped to 0–100 and rounded (see `clampPercent`). */
  value: number;
  /** What assistive technology reads for the value; the percentage ("40%") by default. */
  valueText?: string;
  /**
   * Shows the percentage: beside the bar, or at the end of the caption's line when there is a
   * caption. Hidden from assistive technology, which reads the bar's own value.
   */
  showValue?: boolean;
  /** The track's thickness. */
  size?: "sm" | "md" | "lg";
  /** On the outermost element: the bar itself, or its row when it has a caption or a visible value. */
  className?: string;
};

const TRACK_HEIGHT = { sm: "h-1.5", md: "h-2", lg: "h-2.5" } as const;

/** A percentage as a horizontal bar, exposed to assistive technology as a named progress bar. */
export function ProgressBar({ value, valueText, showValue = false, size = "md", className, ...name }: ProgressBarProps) {
  const captionId = useId();
  const percent = clampPercent(value);
  const hasCaption = name.caption !== undefined;
  const outermost = !hasCaption && !showValue;
  const bar = (
    <div
      role="progressbar"
      aria-label={name.label}
      aria-labelledby={hasCaption ? captionId : name.labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ?? `${percent}%`}
      className={cn(
        "overflow-hidden rounded-full bg-[var(--color-border)]",
        TRACK_HEIGHT[size],
        showValue && !hasCaption ? "min-w-0 flex-1" : "w-full",
        outermost && className,
      )}
    >
      <div
        className="h-full rounded-full bg-[var(--color-primary)] transition-[width] motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  );

  if (hasCaption) {
    return (
      <div className={cn("space-y-1.5", className)}>
        <div className="flex items-center justify-between gap-2 text-sm">
          <span id={captionId} className="min-w-0 break-words">
            {name.caption}
          </span>
          {showValue ? (
            <span aria-hidden="true" className="shrink-0 text-[var(--color-muted-foreground)] tabular-nums">
              {percent}%
            </span>
          ) : null}
        </div>
        {bar}
      </div>
    );
  }
  if (showValue) {
    return (
      <div className={cn("flex items-center gap-3", className)}>
        {bar}
        <span aria-hidden="true" className="w-10 shrink-0 text-right text-sm font-medium tabular-nums">
          {percent}%
        </span>
      </div>
    );
  }
  return bar;
}
