import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCurrentUserRoute } from "#common/contracts/account";
import { callRoute } from "./api-client.ts";
import { queryKeys } from "./realtime/event-query-keys.ts";
import { useSelectedOrganizationId } from "./selected-organization.ts";

/** The signed-in user's profile (name, role, employee flag); the shell has usually cached it. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => callRoute(getCurrentUserRoute, { signal }),
});

/**
 * True while an employee acts for no organization (there is none yet): organization data has
 * nothing to be asked for, and the server would refuse the request.
 */
export function useNoOrganizationSelected(): boolean {
  const me = useQuery(currentUserQuery);
  const selectedId = useSelectedOrganizationId();
  return me.data?.is_employee === true && selectedId === null;
}
