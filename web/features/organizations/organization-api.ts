import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { getActingOrganizationRoute, updateActingOrganizationRoute } from "#common/contracts/organizations";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

export const actingOrganizationQuery = queryOptions({
  queryKey: queryKeys.organization,
  queryFn: ({ signal }) => callRoute(getActingOrganizationRoute, { signal }),
});

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof updateActingOrganizationRoute>) => callRoute(updateActingOrganizationRoute, { body }),
    onSuccess: (organization) => queryClient.setQueryData(queryKeys.organization, organization),
  });
}
