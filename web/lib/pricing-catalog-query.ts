import { queryOptions } from "@tanstack/react-query";
import { getCatalogRoute } from "#common/contracts/pricing-catalog";
import { callRoute } from "./api-client.ts";
import { PRICING_STALE_MS } from "./query-client.ts";
import { queryKeys } from "./realtime/event-query-keys.ts";

/**
 * Every edition's SaaS rows. The estimates' calculator filters them by edition and calculator
 * visibility; the catalog's settings page lists and edits them. Spec §9: stale after 5 minutes;
 * realtime events refresh it sooner.
 */
export const catalogQuery = queryOptions({
  queryKey: queryKeys.pricingCatalog,
  queryFn: ({ signal }) => callRoute(getCatalogRoute, { signal }),
  staleTime: PRICING_STALE_MS,
});
