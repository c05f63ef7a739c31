import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  assignMenuVersionRoute,
  createMenuVersionRoute,
  getOrganizationMenuRoute,
  listMenuVersionsRoute,
  setUserMenuExclusionsRoute,
  updateMenuVersionRoute,
} from "#common/contracts/menu-versions";
import { getTeamRoute } from "#common/contracts/team";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// The administrator's own data: no realtime event names it, so every write below refreshes it.
const MENU_VERSIONS_KEY = ["menu-versions"] as const;

/** Every menu version, by name (the provider administrator only). */
export const menuVersionsQuery = queryOptions({
  queryKey: [...MENU_VERSIONS_KEY, "list"] as const,
  queryFn: ({ signal }) => callRoute(listMenuVersionsRoute, { signal }),
});

function organizationMenuKey(organizationId: string) {
  return [...MENU_VERSIONS_KEY, "organization", organizationId] as const;
}

/** The version an organization names, the one in force, and its members' exclusions. */
export function organizationMenuQuery(organizationId: string) {
  return queryOptions({
    queryKey: organizationMenuKey(organizationId),
    queryFn: ({ signal }) => callRoute(getOrganizationMenuRoute, { params: { organizationId }, signal }),
  });
}

/** The acting organization's members: GET /api/team answers for the organization the requests name. */
export const actingTeamQuery = queryOptions({
  queryKey: queryKeys.team,
  queryFn: ({ signal }) => callRoute(getTeamRoute, { signal }),
});

/**
 * After any menu write: the versions (their organization counts), every organization's menu and
 * the administrator's own navigation, which the change may touch.
 */
function useRefreshMenus() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MENU_VERSIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: queryKeys.access }),
    ]);
}

export function useCreateMenuVersion() {
  const refresh = useRefreshMenus();
  return useMutation({
    mutationFn: (body: RouteBody<typeof createMenuVersionRoute>) => callRoute(createMenuVersionRoute, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateMenuVersion() {
  const refresh = useRefreshMenus();
  return useMutation({
    mutationFn: ({ menuVersionId, body }: { menuVersionId: string; body: RouteBody<typeof updateMenuVersionRoute> }) =>
      callRoute(updateMenuVersionRoute, { params: { menuVersionId }, body }),
    onSuccess: refresh,
  });
}

/** Assigns a version by name, or none (null: the default, v1). */
export function useAssignMenuVersion() {
  const queryClient = useQueryClient();
  const refresh = useRefreshMenus();
  return useMutation({
    mutationFn: ({ organizationId, menuVersion }: { organizationId: string; menuVersion: string | null }) =>
      callRoute(assignMenuVersionRoute, { params: { organizationId }, body: { menu_version: menuVersion } }),
    onSuccess: (menu) => {
      // Shown at once: the row's select reads the cached answer.
      queryClient.setQueryData(organizationMenuKey(menu.organization_id), menu);
      return refresh();
    },
  });
}

export function useSetUserMenuExclusions() {
  const refresh = useRefreshMenus();
  return useMutation({
    mutationFn: ({ userId, items }: { userId: string; items: string[] }) =>
      callRoute(setUserMenuExclusionsRoute, { params: { userId }, body: { items } }),
    onSuccess: refresh,
  });
}
