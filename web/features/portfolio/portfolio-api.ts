import { queryOptions } from "@tanstack/react-query";
import { getPortfolioRoute } from "#common/contracts/portfolio";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** Every organization's readiness; every organization's events refresh it (use-portfolio-events.ts), and a minute's poll backs them up. */
export const PORTFOLIO_REFETCH_MS = 60_000;

export const portfolioQuery = queryOptions({
  queryKey: queryKeys.portfolio,
  queryFn: ({ signal }) => callRoute(getPortfolioRoute, { signal }),
  refetchInterval: PORTFOLIO_REFETCH_MS,
});
