import { queryOptions } from "@tanstack/react-query";
import { downloadBoardSummaryRoute, getDecisionMakerDashboardRoute } from "#common/contracts/decision-maker-dashboard";
import { callRoute } from "#web/lib/api-client.ts";
import { fetchRouteFile } from "#web/lib/fetch-route-file.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** Under the dashboard's key, so every event that refreshes the dashboard (and the score) refreshes this page. */
export const decisionMakerDashboardQuery = queryOptions({
  queryKey: [...queryKeys.dashboard, "decision-maker"] as const,
  queryFn: ({ signal }) => callRoute(getDecisionMakerDashboardRoute, { signal }),
});

/** The one-page board summary, named as the server names it. */
export function fetchBoardSummaryPdf(): Promise<File> {
  return fetchRouteFile(downloadBoardSummaryRoute);
}
