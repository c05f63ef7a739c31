import { useQuery } from "@tanstack/react-query";
import { ArrowRight, ChevronDown } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { getReadinessRoute } from "#common/contracts/readiness";
import { PageError } from "#web/components/page-error.tsx";
import { ReadinessBreakdown } from "#web/components/readiness-breakdown.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ProgressRing } from "./progress-ring.tsx";

/** The readiness score: every change the dashboard follows moves it too. */
const readinessQuery = { queryKey: queryKeys.readiness, queryFn: ({ signal }: { signal: AbortSignal }) => callRoute(getReadinessRoute, { signal }) };

/**
 * The dashboard's readiness card, loaded after the first screen: the score out of 100, the action
 * that would raise it most, and how it is made, one click away.
 */
export default function ReadinessCard() {
  const readiness = useQuery(readinessQuery);
  const [open, setOpen] = useState(false);
  return (
    <Card aria-labelledby="dashboard-readiness-title">
      <CardHeader>
        <CardTitle id="dashboard-readiness-title">Readiness score</CardTitle>
        <CardDescription>How ready the organization is to go live, from everything done so far.</CardDescription>
      </CardHeader>
      {readiness.isPending ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">Working out the score…</p>
      ) : readiness.isError ? (
        <PageError error={readiness.error} onRetry={() => void readiness.refetch()} />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-6">
            <ProgressRing value={readiness.data.score} label="Readiness score" display={String(readiness.data.score)} valueText={`${readiness.data.score} out of 100`} />
            <div className="min-w-48 flex-1 space-y-3">
              {readiness.data.next_action ? (
                <>
                  <p className="text-sm text-[var(--color-muted-foreground)]">What would raise it most:</p>
                  <Button asChild variant="outline" className="h-auto min-h-9 justify-between gap-2 py-2 text-left whitespace-normal">
                    <Link to={readiness.data.next_action.route}>
                      {readiness.data.next_action.label}
                      <ArrowRight aria-hidden="true" className="shrink-0" />
                    </Link>
                  </Button>
                </>
              ) : (
                <p className="text-sm">Everything the score counts is done.</p>
              )}
            </div>
          </div>
          <Button variant="ghost" className="-mx-2 px-2" aria-expanded={open} aria-controls="dashboard-readiness-breakdown" onClick={() => setOpen((value) => !value)}>
            <ChevronDown aria-hidden="true" className={open ? "rotate-180 transition-transform" : "transition-transform"} />
            {open ? "Hide how the score is made" : "How the score is made"}
          </Button>
          <div id="dashboard-readiness-breakdown" hidden={!open}>
            <ReadinessBreakdown readiness={readiness.data} />
          </div>
        </div>
      )}
    </Card>
  );
}
