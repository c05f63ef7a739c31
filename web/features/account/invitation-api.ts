import { queryOptions, useMutation } from "@tanstack/react-query";
import { acceptInvitationRoute, lookupInvitationRoute } from "#common/contracts/team";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";

/** Who an invitation link is for; a 404 means the link is used, revoked, expired or unknown. */
export function invitationLookupQuery(token: string) {
  return queryOptions({
    queryKey: ["invitation-lookup", token] as const,
    queryFn: ({ signal }) => callRoute(lookupInvitationRoute, { body: { token }, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sets the first password and joins the organization; the server answers with the session cookie. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof acceptInvitationRoute>) => callRoute(acceptInvitationRoute, { body }),
  });
}
