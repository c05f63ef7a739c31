import { queryOptions } from "@tanstack/react-query";
import { ACCESS_GC_MS, ACCESS_STALE_MS, type Access, getAccessRoute } from "#common/contracts/access";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/**
 * What the caller may see and open in the acting organization: the navigation and the route
 * guards read it. Spec §9: like the menu version it carries, stale after 10 min, kept 30 min;
 * menu, NDA and launchpad events refresh it sooner.
 */
export const accessQuery = queryOptions({
  queryKey: queryKeys.access,
  queryFn: ({ signal }) => apiFetch<Access>(getAccessRoute.path, { signal }),
  staleTime: ACCESS_STALE_MS,
  gcTime: ACCESS_GC_MS,
});
