import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updateActingOrganizationRoute } from "#common/contracts/organizations";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

export { actingOrganizationQuery } from "./organization-queries.ts";

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof updateActingOrganizationRoute>) => callRoute(updateActingOrganizationRoute, { body }),
    onSuccess: (organization) => queryClient.setQueryData(queryKeys.organization, organization),
  });
}
