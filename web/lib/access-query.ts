import { queryOptions, useQuery } from "@tanstack/react-query";
import { ACCESS_GC_MS, ACCESS_STALE_MS, getAccessRoute } from "#common/contracts/access";
import { callRoute } from "./api-client.ts";
import { currentUserQuery } from "./current-user-query.ts";
import { queryKeys } from "./realtime/event-query-keys.ts";
import { useSelectedOrganizationId } from "./selected-organization.ts";

/**
 * What the caller may see and open in the acting organization: the navigation, the route guards
 * and features read it. Spec §9: like the menu version it carries, stale after 10 min, kept
 * 30 min; menu, NDA and launchpad events refresh it sooner.
 */
export const accessQuery = queryOptions({
  queryKey: queryKeys.access,
  queryFn: ({ signal }) => callRoute(getAccessRoute, { signal }),
  staleTime: ACCESS_STALE_MS,
  gcTime: ACCESS_GC_MS,
});

/**
 * The access answer for the acting organization. An employee with no organization selected has
 * none to ask about, so nothing is requested then.
 */
export function useAccess() {
  const me = useQuery(currentUserQuery);
  const selectedId = useSelectedOrganizationId();
  const enabled = me.data !== undefined && (!me.data.is_employee || selectedId !== null);
  return useQuery({ ...accessQuery, enabled });
}
