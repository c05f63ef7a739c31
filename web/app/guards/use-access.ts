import { useQuery } from "@tanstack/react-query";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { accessQuery } from "#web/features/access/access-api.ts";
import { useSelectedOrganizationId } from "#web/lib/selected-organization.ts";

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
