import { Check } from "lucide-react";
import { cn } from "#web/lib/cn.ts";

export type SetupStep = 1 | 2 | 3;

/** The wizard's three steps; the current one is marked for assistive technology, done ones with a check. */
export function SetupStepper({ current, labels }: { current: SetupStep; labels: readonly [string, string, string] }) {
  return (
    <nav aria-label="Setup steps">
      <ol className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        {labels.map((label, index) => {
          const step = (index + 1) as SetupStep;
          const done = step < current;
          const active = step === current;
          return (
            <li key={label} aria-current={active ? "step" : undefined} className="flex items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
                  active && "border-[var(--color-primary)] bg-[var(--color-primary)] text-[var(--color-primary-foreground)]",
                  done && "border-[var(--color-primary)] text-[var(--color-primary)]",
                  !active && !done && "border-[var(--color-border)] text-[var(--color-muted-foreground)]",
                )}
              >
                {done ? <Check className="size-4" /> : step}
              </span>
              <span className={cn(active ? "font-semibold" : "text-[var(--color-muted-foreground)]")}>
                <span className="sr-only">{`Step ${step}: `}</span>
                {label}
                <span className="sr-only">{done ? " (done)" : active ? " (current)" : ""}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
