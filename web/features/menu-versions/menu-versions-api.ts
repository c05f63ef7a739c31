import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CreateMenuVersionBody,
  type MenuVersion,
  type OrganizationMenu,
  type UpdateMenuVersionBody,
  type UserMenuExclusions,
  assignMenuVersionRoute,
  createMenuVersionRoute,
  getOrganizationMenuRoute,
  listMenuVersionsRoute,
  setUserMenuExclusionsRoute,
  updateMenuVersionRoute,
} from "#common/contracts/menu-versions";
import { type Team, getTeamRoute } from "#common/contracts/team";
import { apiFetch, buildApiPath } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// The administrator's own data: no realtime event names it, so every write below refreshes it.
const MENU_VERSIONS_KEY = ["menu-versions"] as const;

/** Every menu version, by name (the provider administrator only). */
export const menuVersionsQuery = queryOptions({
  queryKey: [...MENU_VERSIONS_KEY, "list"] as const,
  queryFn: ({ signal }) => apiFetch<MenuVersion[]>(listMenuVersionsRoute.path, { signal }),
});

function organizationMenuKey(organizationId: string) {
  return [...MENU_VERSIONS_KEY, "organization", organizationId] as const;
}

/** The version an organization names, the one in force, and its members' exclusions. */
export function organizationMenuQuery(organizationId: string) {
  return queryOptions({
    queryKey: organizationMenuKey(organizationId),
    queryFn: ({ signal }) => apiFetch<OrganizationMenu>(buildApiPath(getOrganizationMenuRoute.path, { organizationId }), { signal }),
  });
}

/** The acting organization's members: GET /api/team answers for the organization the requests name. */
export const actingTeamQuery = queryOptions({
  queryKey: queryKeys.team,
  queryFn: ({ signal }) => apiFetch<Team>(getTeamRoute.path, { signal }),
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
    mutationFn: (body: CreateMenuVersionBody) => apiFetch<MenuVersion>(createMenuVersionRoute.path, { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useUpdateMenuVersion() {
  const refresh = useRefreshMenus();
  return useMutation({
    mutationFn: ({ menuVersionId, body }: { menuVersionId: string; body: UpdateMenuVersionBody }) =>
      apiFetch<MenuVersion>(buildApiPath(updateMenuVersionRoute.path, { menuVersionId }), { method: "PATCH", body }),
    onSuccess: refresh,
  });
}

/** Assigns a version by name, or none (null: the default, v1). */
export function useAssignMenuVersion() {
  const queryClient = useQueryClient();
  const refresh = useRefreshMenus();
  return useMutation({
    mutationFn: ({ organizationId, menuVersion }: { organizationId: string; menuVersion: string | null }) =>
      apiFetch<OrganizationMenu>(buildApiPath(assignMenuVersionRoute.path, { organizationId }), {
        method: "PUT",
        body: { menu_version: menuVersion },
      }),
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
      apiFetch<UserMenuExclusions>(buildApiPath(setUserMenuExclusionsRoute.path, { userId }), { method: "PUT", body: { items } }),
    onSuccess: refresh,
  });
}
