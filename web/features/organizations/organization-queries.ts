import { queryOptions } from "@tanstack/react-query";
import { getActingOrganizationRoute, listEmployeeOrganizationsRoute } from "#common/contracts/organizations";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// The organization queries every signed-in screen asks (the header, the switcher), apart from the
// mutations of the api modules: the first screen then loads no mutation code (decision 047).

export const actingOrganizationQuery = queryOptions({
  queryKey: queryKeys.organization,
  queryFn: ({ signal }) => callRoute(getActingOrganizationRoute, { signal }),
});

/** Every organization, by name: the employee switcher's list (employees only). */
export const employeeOrganizationsQuery = queryOptions({
  queryKey: queryKeys.employeeOrganizations,
  queryFn: ({ signal }) => callRoute(listEmployeeOrganizationsRoute, { signal }),
});
