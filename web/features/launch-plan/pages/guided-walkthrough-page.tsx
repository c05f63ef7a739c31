import { useQuery } from "@tanstack/react-query";
import { PartyPopper } from "lucide-react";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { configurationProgressQuery, launchPlanQuery } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { type WalkthroughStep, configurationStep, courseStep, milestoneStep } from "#web/features/launch-plan/components/walkthrough-model.ts";
import { type PendingStep, WalkthroughSteps } from "#web/features/launch-plan/components/walkthrough-steps.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { useAccess } from "#web/lib/access-query.ts";

const CONFIGURATION_TITLE = "Answer and submit the configuration questions";

/** /guided-walkthrough: the organization's next actions in the plan, step by step, ticked when done. */
export default function GuidedWalkthroughPage() {
  const plan = useQuery(launchPlanQuery);
  return (
    <PageFrame title="Guided Walkthrough" description="Your next steps in the launch plan, one at a time.">
      {plan.data ? (
        <WalkthroughContent plan={plan.data} />
      ) : plan.isError ? (
        <PageError error={plan.error} onRetry={() => void plan.refetch()} />
      ) : (
        <LoadingSkeleton label="Loading your next steps..." shape="cards" />
      )}
    </PageFrame>
  );
}

function WalkthroughContent({ plan }: { plan: LaunchPlan }) {
  const configuration = useConfigurationStep();
  const steps = [milestoneStep(plan), courseStep(plan), configuration];
  const done = steps.filter((step) => "done" in step && step.done).length;
  return (
    <div className="max-w-3xl space-y-4">
      {done === steps.length ? (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-[var(--color-border)] bg-[var(--color-muted)] p-4 text-sm font-medium">
          <PartyPopper aria-hidden="true" className="size-4 shrink-0 text-[var(--color-primary)]" />
          Everything is done: every milestone, course and configuration module of your plan is complete.
        </p>
      ) : (
        <p className="text-sm text-[var(--color-muted-foreground)]">
          {done} of {steps.length} steps done
        </p>
      )}
      <WalkthroughSteps steps={steps} />
    </div>
  );
}

/**
 * The configuration step, asked for only when the questionnaire is open to the user (it needs
 * the NDA): otherwise its reason stands in for it.
 */
function useConfigurationStep(): WalkthroughStep | PendingStep {
  const access = useAccess();
  const page = access.data?.pages.configuration;
  const configuration = useQuery({ ...configurationProgressQuery, enabled: page?.allowed === true });
  if (configuration.data) return configurationStep(configuration.data);
  const pending = (content: PendingStep["content"]): PendingStep => ({ id: "configuration", title: CONFIGURATION_TITLE, content });
  if (page && !page.allowed) return pending(<p className="text-sm">{page.reason}</p>);
  if (configuration.isError) {
    return pending(
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-sm">{messageOf(configuration.error, "The configuration could not be loaded.")}</p>
        <Button variant="outline" size="sm" onClick={() => void configuration.refetch()}>
          Try again
        </Button>
      </div>,
    );
  }
  return pending(<p className="text-sm text-[var(--color-muted-foreground)]">Loading the configuration...</p>);
}
