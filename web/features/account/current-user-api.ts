import { queryOptions } from "@tanstack/react-query";
import { type CurrentUser, getCurrentUserRoute } from "#common/contracts/me";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The signed-in user's profile (name, role, employee flag). */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => apiFetch<CurrentUser>(getCurrentUserRoute.path, { signal }),
});
