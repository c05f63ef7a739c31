import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleDashed } from "lucide-react";
import { PageError } from "#web/components/page-error.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { trialStatusQuery } from "./dashboard-api.ts";
import { TRIAL_AVAILABLE, TRIAL_NOT_AVAILABLE } from "./dashboard-format.ts";
import { TrialConditions } from "./trial-conditions.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";

/** /trial-status: whether the risk-free trial is available, and what is left to make it so. */
export default function TrialStatusPage() {
  const trial = useQuery(trialStatusQuery);
  return (
    <PageFrame title="Risk-Free Trial" contentWidth="narrow">
      {trial.isPending ? (
        <Spinner label="Loading trial status..." />
      ) : trial.isError ? (
        <PageError error={trial.error} onRetry={() => void trial.refetch()} />
      ) : (
        <>
          <Card aria-labelledby="trial-state-title">
            <CardHeader className="mb-0 flex items-start gap-3 space-y-0">
              {trial.data.enabled ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-[var(--color-primary)]" />
              ) : (
                <CircleDashed aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-[var(--color-muted-foreground)]" />
              )}
              <div className="space-y-1">
                <CardTitle id="trial-state-title">{trial.data.enabled ? TRIAL_AVAILABLE : TRIAL_NOT_AVAILABLE}</CardTitle>
                <CardDescription>It becomes available once your organization has signed the NDA and has a pricing estimate.</CardDescription>
              </div>
            </CardHeader>
          </Card>
          <Card aria-labelledby="trial-conditions-title">
            <CardHeader>
              <CardTitle id="trial-conditions-title">Conditions</CardTitle>
            </CardHeader>
            <TrialConditions conditions={trial.data.conditions} />
          </Card>
        </>
      )}
    </PageFrame>
  );
}
