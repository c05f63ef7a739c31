import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChecklistItem } from "#web/components/checklist-item.tsx";
import { Button } from "#web/components/ui/button.tsx";
import type { WalkthroughStep } from "./walkthrough-model.ts";

/** The walkthrough's steps in order, each ticked when done and leading to its page when not. */
export function WalkthroughSteps({ steps }: { steps: readonly (WalkthroughStep | PendingStep)[] }) {
  return (
    <ol aria-label="Next steps" className="space-y-3">
      {steps.map((step, index) => (
        <ChecklistItem key={step.id} met={"done" in step && step.done} variant="compact">
          <div className="space-y-2 rounded-xl border border-[var(--color-border)] bg-[var(--color-card)] p-4 shadow-sm">
            <h2 className="text-base font-semibold">
              <span className="text-[var(--color-muted-foreground)]">Step {index + 1}: </span>
              {step.title}
              {"done" in step && step.done ? <span className="sr-only"> (done)</span> : null}
            </h2>
            {"content" in step ? step.content : <StepBody step={step} />}
          </div>
        </ChecklistItem>
      ))}
    </ol>
  );
}

/** A step whose data is still loading, failed, or is not open to the user: its own content. */
export interface PendingStep {
  id: string;
  title: string;
  content: ReactNode;
}

function StepBody({ step }: { step: WalkthroughStep }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="min-w-0 flex-1 basis-56 text-sm break-words">{step.detail}</p>
      {step.link && !step.done ? (
        <Button asChild size="sm">
          <Link to={step.link.to}>
            {step.link.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
