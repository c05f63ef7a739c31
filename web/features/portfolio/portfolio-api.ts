import { queryOptions } from "@tanstack/react-query";
import { getPortfolioRoute } from "#common/contracts/portfolio";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** Every organization's readiness; also asked again every 30 s, for the organizations this screen hears no events of. */
export const PORTFOLIO_REFETCH_MS = 30_000;

export const portfolioQuery = queryOptions({
  queryKey: queryKeys.portfolio,
  queryFn: ({ signal }) => callRoute(getPortfolioRoute, { signal }),
  refetchInterval: PORTFOLIO_REFETCH_MS,
});
