import type { SetupStep } from "./setup-stepper.tsx";

/** Where focus goes when the wizard moves to `step`, so that screen readers announce the new step. */
export function stepHeadingId(step: SetupStep): string {
  return `setup-step-${step}-heading`;
}

export function StepHeading({ step, title, description }: { step: SetupStep; title: string; description?: string }) {
  return (
    <div className="space-y-1">
      <h2 id={stepHeadingId(step)} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {title}
      </h2>
      {description ? <p className="text-sm text-[var(--color-muted-foreground)]">{description}</p> : null}
    </div>
  );
}
