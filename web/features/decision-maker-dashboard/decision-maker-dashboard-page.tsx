import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { DecisionMakerDashboard } from "#common/contracts/decision-maker-dashboard";
import { findExtension } from "#common/domain/extensions";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { ReadinessBreakdown } from "#web/components/readiness-breakdown.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { saveFile } from "#web/lib/save-file.ts";
import { DecisionsAwaitingCard, OpenRisksCard, OverdueCard, SubscriptionCard, WeeklyChangesCard } from "./dashboard-cards.tsx";
import { decisionMakerDashboardQuery, fetchBoardSummaryPdf } from "./decision-maker-dashboard-api.ts";
import { PlanProgressCard } from "./plan-progress-card.tsx";

const LABEL = "Decision-maker Dashboard";
const BREADCRUMBS = [{ label: "Extensions", to: "/extensions" }, { label: LABEL }];

/**
 * /extensions/decision-maker-dashboard: one page an executive reads in a minute, and its board
 * summary as PDF. The extension guard opens it (server and route guard alike); employees see the
 * organization they act for.
 */
export default function DecisionMakerDashboardPage() {
  const dashboard = useQuery(decisionMakerDashboardQuery);
  return (
    <PageFrame title={LABEL} breadcrumbs={BREADCRUMBS} description={findExtension("decision-maker-dashboard")?.summary} actions={<DownloadPdfButton />}>
      {dashboard.isPending ? (
        <LoadingSkeleton label="Loading the dashboard..." shape="page" />
      ) : dashboard.isError ? (
        <PageError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardGrid dashboard={dashboard.data} />
      )}
    </PageFrame>
  );
}

function DashboardGrid({ dashboard }: { dashboard: DecisionMakerDashboard }) {
  const { readiness } = dashboard;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
      <Card aria-labelledby="dmd-readiness-title" className="md:row-span-2">
        <CardHeader>
          <CardTitle id="dmd-readiness-title">Readiness score</CardTitle>
          <CardDescription>{dashboard.organization_name}</CardDescription>
        </CardHeader>
        <p className="mb-4 flex items-baseline gap-2">
          <span className="text-5xl font-semibold tabular-nums">{readiness.score}</span>
          <span className="text-sm text-[var(--color-muted-foreground)]">out of 100</span>
        </p>
        {readiness.next_action ? (
          <p className="mb-4 text-sm">
            What would raise it most: <strong className="font-semibold">{readiness.next_action.label}</strong>.
          </p>
        ) : null}
        <ReadinessBreakdown readiness={readiness} />
      </Card>
      <PlanProgressCard plan={dashboard.plan} />
      <SubscriptionCard subscription={dashboard.subscription} />
      <OpenRisksCard risks={dashboard.open_risks} />
      <DecisionsAwaitingCard decisions={dashboard.decisions_awaiting} />
      <OverdueCard overdue={dashboard.overdue} />
      <WeeklyChangesCard changes={dashboard.changes_last_week} />
    </div>
  );
}

function DownloadPdfButton() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveFile(await fetchBoardSummaryPdf());
    } catch (error) {
      toast.error(messageOf(error, "Failed to prepare the board summary. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="outline" disabled={busy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      {busy ? "Preparing…" : "Download as PDF"}
    </Button>
  );
}
