import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCurrentUserRoute } from "#common/contracts/account";
import { ApiError, callRoute } from "./api-client.ts";
import { queryKeys } from "./realtime/event-query-keys.ts";
import { useSelectedOrganizationId } from "./selected-organization.ts";
import { useSessionEnded } from "./session.ts";

/** The signed-in user's profile (name, role, employee flag); the shell has usually cached it. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => callRoute(getCurrentUserRoute, { signal }),
  // Read again when stale, not on every mount: main.tsx asks it while the signed-in screens'
  // code downloads, and the guard mounting a moment later must not ask it twice.
  refetchOnMount: true,
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

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The session as the signed-in screens see it. "unavailable": /api/me failed for another reason
 * than a missing session (rate limit, server error, network), which proves nothing about it.
 */
export type SessionState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "unavailable"; error: Error; retry: () => void }
  | { status: "signed-in"; user: SessionUser };

/**
 * The session, read from the portal's own GET /api/me rather than Better Auth's get-session: that
 * endpoint is rate limited, and its client stays off the first screens. A profile means signed
 * in, a 401 signed out; `enabled: false` asks nothing (and stays loading).
 */
export function useSessionState({ enabled = true }: { enabled?: boolean } = {}): SessionState {
  const ended = useSessionEnded();
  const me = useQuery({ ...currentUserQuery, enabled: enabled && !ended });
  if (ended || (me.error instanceof ApiError && me.error.status === 401)) return { status: "signed-out" };
  if (me.data) {
    const { id, email, full_name } = me.data;
    return { status: "signed-in", user: { id, email, name: full_name || email } };
  }
  // While a retry runs the failure is still set; show the wait instead.
  if (me.isError && !me.isFetching) return { status: "unavailable", error: me.error, retry: () => void me.refetch() };
  return { status: "loading" };
}
