import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CreateOrganizationBody,
  type CreatedOrganization,
  type EmployeeOrganization,
  createOrganizationRoute,
  listEmployeeOrganizationsRoute,
} from "#common/contracts/employee";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { selectEmployeeOrganization } from "#web/lib/selected-organization.ts";

/** Every organization, by name: the employee switcher's list (employees only). */
export const employeeOrganizationsQuery = queryOptions({
  queryKey: queryKeys.employeeOrganizations,
  queryFn: ({ signal }) => apiFetch<EmployeeOrganization[]>(listEmployeeOrganizationsRoute.path, { signal }),
});

function byName(a: EmployeeOrganization, b: EmployeeOrganization): number {
  return a.organization_name.localeCompare(b.organization_name, undefined, { sensitivity: "base" });
}

/** Creates an organization (optionally inviting its first member) and switches to it. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrganizationBody) =>
      apiFetch<CreatedOrganization>(createOrganizationRoute.path, { method: "POST", body }),
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
