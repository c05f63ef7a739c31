import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Organization, UpdateOrganizationBody } from "#common/contracts/organizations";
import { getActingOrganizationRoute, updateActingOrganizationRoute } from "#common/contracts/organizations";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

export const actingOrganizationQuery = queryOptions({
  queryKey: queryKeys.organization,
  queryFn: ({ signal }) => apiFetch<Organization>(getActingOrganizationRoute.path, { signal }),
});

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) =>
      apiFetch<Organization>(updateActingOrganizationRoute.path, { method: "PATCH", body }),
    onSuccess: (organization) => queryClient.setQueryData(queryKeys.organization, organization),
  });
}
