import { useQuery } from "@tanstack/react-query";
import { Suspense, lazy } from "react";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Dashboard } from "#common/contracts/dashboard";
import { LAUNCHPAD_PAGE_COUNT } from "#common/domain/launchpad";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { dashboardQuery } from "./dashboard-api.ts";
import { TRIAL_AVAILABLE, TRIAL_NOT_AVAILABLE } from "./dashboard-format.ts";
import { formatDay } from "#web/lib/format-date.ts";
import { LaunchpadChecklist } from "./launchpad-checklist.tsx";
import { OnboardingMilestones } from "./onboarding-milestones.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { ProgressRing } from "./progress-ring.tsx";
import { TrialConditions } from "./trial-conditions.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";

// After the first screen: the score's card and its contract are a chunk of their own.
const ReadinessCard = lazy(() => import("./readiness-card.tsx"));

const NDA_ACTION_TEXT = { sign: "Sign the NDA", countersign: "Countersign the NDA", view: "View the NDA" } as const;

const linkClass = "text-sm font-medium text-[var(--color-primary)] underline underline-offset-4";

/** /dashboard: launchpad completion (both readings), the checklist, the NDA, the trial and the next step. */
export default function DashboardPage() {
  const dashboard = useQuery(dashboardQuery);
  return (
    <PageFrame title="Dashboard" description={dashboard.data?.organization_name}>
      {dashboard.isPending ? (
        <LoadingSkeleton label="Loading dashboard..." shape="cards" />
      ) : dashboard.isError ? (
        <PageError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardContent dashboard={dashboard.data} />
      )}
    </PageFrame>
  );
}

function DashboardContent({ dashboard }: { dashboard: Dashboard }) {
  // A page that does not apply counts as done, as in the percentage.
  const completePages = dashboard.checklist.filter((item) => item.status === "complete" || item.status === "not_applicable").length;
  const { nda, trial, next_step: next } = dashboard;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="dashboard-completion-title">
        <CardHeader>
          <CardTitle id="dashboard-completion-title">Launchpad completion</CardTitle>
          <CardDescription>Two readings: the setup pages done, and the onboarding milestones reached.</CardDescription>
        </CardHeader>
        <div className="flex flex-wrap items-center gap-6">
          <ProgressRing value={dashboard.page_percent} label="Launchpad completion" />
          <div className="min-w-48 flex-1 space-y-4">
            <div className="space-y-1">
              <p className="text-sm font-semibold">Launchpad pages: {dashboard.page_percent}%</p>
              <p className="text-sm text-[var(--color-muted-foreground)]">
                {completePages} of {LAUNCHPAD_PAGE_COUNT} pages complete.
              </p>
            </div>
            <div className="space-y-2">
              <p className="text-sm font-semibold">Onboarding milestones: {dashboard.flag_percent}%</p>
              <ProgressBar value={dashboard.flag_percent} label="Onboarding milestones" />
              <OnboardingMilestones milestones={dashboard.milestones} />
            </div>
          </div>
        </div>
      </Card>

      <Card aria-labelledby="dashboard-next-title">
        <CardHeader>
          <CardTitle id="dashboard-next-title">Next step</CardTitle>
        </CardHeader>
        {next ? (
          <div className="space-y-4">
            <p className="text-sm">
              {next.kind === "launch_plan" ? "The launchpad is complete. Continue the Launch Plan with " : "Continue with "}
              <strong className="font-semibold">{next.label}</strong>.
            </p>
            <Button asChild>
              <Link to={next.route}>
                Go to {next.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        ) : (
          <p className="text-sm">
            {dashboard.page_percent >= 100 ? (
              <>
                The launchpad and the Launch Plan are complete.{" "}
                <Link to="/system-refinement" className={linkClass}>
                  Open the Launch Plan
                </Link>
              </>
            ) : (
              "The launchpad steps left are not open to you yet."
            )}
          </p>
        )}
      </Card>

      <Suspense fallback={null}>
        <ReadinessCard />
      </Suspense>

      <Card aria-labelledby="dashboard-checklist-title" className="lg:row-span-2">
        <CardHeader>
          <CardTitle id="dashboard-checklist-title">Launchpad checklist</CardTitle>
          <CardDescription>
            {completePages} of {LAUNCHPAD_PAGE_COUNT} complete.
          </CardDescription>
        </CardHeader>
        <LaunchpadChecklist items={dashboard.checklist} />
      </Card>

      <Card aria-labelledby="dashboard-nda-title">
        <CardHeader>
          <CardTitle id="dashboard-nda-title">NDA</CardTitle>
        </CardHeader>
        <div className="space-y-2">
          <p className="text-sm">
            <span className="text-[var(--color-muted-foreground)]">Status: </span>
            <strong className="font-semibold">{nda.status_text}</strong>
          </p>
          {nda.signed_at ? (
            <p className="text-sm text-[var(--color-muted-foreground)]">
              Signed <time dateTime={nda.signed_at}>{formatDay(nda.signed_at)}</time>
            </p>
          ) : null}
          <Link to="/nda" className={linkClass}>
            {NDA_ACTION_TEXT[nda.action]}
          </Link>
        </div>
      </Card>

      <Card aria-labelledby="dashboard-trial-title">
        <CardHeader>
          <CardTitle id="dashboard-trial-title">Risk-free trial</CardTitle>
          <CardDescription>{trial.enabled ? TRIAL_AVAILABLE : TRIAL_NOT_AVAILABLE}</CardDescription>
        </CardHeader>
        <div className="space-y-4">
          <TrialConditions conditions={trial.conditions} />
          <Link to="/trial-status" className={linkClass}>
            View trial status
          </Link>
        </div>
      </Card>
    </div>
  );
}
