import { queryOptions } from "@tanstack/react-query";
import { getPrimaryEstimateRoute } from "#common/contracts/pricing-estimates";
import { callRoute } from "#web/lib/api-client.ts";
import { PRICING_STALE_MS } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// Apart from the estimate writes (pricing-estimates-api.ts): the header's price button asks it on
// every first screen, which then loads no mutation code (decision 047).

/** The primary estimate with its lines: the header's price button and the Pricing Summary. */
export const primaryEstimateQuery = queryOptions({
  queryKey: queryKeys.primaryEstimate,
  queryFn: ({ signal }) => callRoute(getPrimaryEstimateRoute, { signal }),
  staleTime: PRICING_STALE_MS,
});
