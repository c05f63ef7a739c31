import { queryOptions } from "@tanstack/react-query";
import { getDashboardRoute, getTrialStatusRoute } from "#common/contracts/dashboard";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** Everything the dashboard shows, in one call; ndaChanged and launchpadChanged refresh it. */
export const dashboardQuery = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: ({ signal }) => callRoute(getDashboardRoute, { signal }),
});

/** The risk-free trial and its conditions; ndaChanged refreshes it. */
export const trialStatusQuery = queryOptions({
  queryKey: queryKeys.trialStatus,
  queryFn: ({ signal }) => callRoute(getTrialStatusRoute, { signal }),
});
