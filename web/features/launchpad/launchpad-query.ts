import { queryOptions } from "@tanstack/react-query";
import { getLaunchpadRoute } from "#common/contracts/launchpad";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// Apart from the page saves (launchpad-api.ts): the navigation asks it on every first screen,
// which then loads no mutation code (decision 047).

/** Spec §9: the launchpad is always stale (refetched whenever a screen asks) and kept 10 min. */
export const launchpadQuery = queryOptions({
  queryKey: queryKeys.launchpad,
  queryFn: ({ signal }) => callRoute(getLaunchpadRoute, { signal }),
  staleTime: 0,
  gcTime: 10 * 60_000,
});
