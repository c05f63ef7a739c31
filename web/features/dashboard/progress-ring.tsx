import { clampPercent } from "#web/components/ui/progress-bar.tsx";

const SIZE = 120;
const STROKE = 12;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A percentage drawn as a ring, exposed to assistive technology as a named progress bar; `display`
 * and `valueText` replace "40%" where the value is not a percentage (a score out of 100).
 */
export function ProgressRing({ value, label, display, valueText }: { value: number; label: string; display?: string; valueText?: string }) {
  const percent = clampPercent(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ?? `${percent}%`}
      className="relative size-32 shrink-0"
    >
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="size-full -rotate-90" aria-hidden="true" focusable="false">
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" strokeWidth={STROKE} className="stroke-[var(--color-border)]" />
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
          // A zero-length round cap would still draw a dot at 0%.
          className={percent === 0 ? "stroke-transparent" : "stroke-[var(--color-primary)]"}
        />
      </svg>
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-2xl font-semibold">
        {display ?? `${percent}%`}
      </span>
    </div>
  );
}
