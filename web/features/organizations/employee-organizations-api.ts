import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type EmployeeOrganization, createOrganizationRoute } from "#common/contracts/organizations";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { selectEmployeeOrganization } from "#web/lib/selected-organization.ts";

export { employeeOrganizationsQuery } from "./organization-queries.ts";

function byName(a: EmployeeOrganization, b: EmployeeOrganization): number {
  return a.organization_name.localeCompare(b.organization_name, undefined, { sensitivity: "base" });
}

/** Creates an organization (optionally inviting its first member) and switches to it. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof createOrganizationRoute>) => callRoute(createOrganizationRoute, { body }),
    onSuccess: ({ organization }) => {
      // Listed before it is selected: the selection falls back to the first organization when
      // the selected one is missing from the list.
      queryClient.setQueryData<EmployeeOrganization[]>(queryKeys.employeeOrganizations, (list = []) =>
        [...list.filter((item) => item.id !== organization.id), { id: organization.id, organization_name: organization.organization_name }].sort(byName),
      );
      selectEmployeeOrganization(organization.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.employeeOrganizations });
    },
  });
}
