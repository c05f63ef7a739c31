import { queryOptions, useMutation } from "@tanstack/react-query";
import {
  type AcceptInvitationBody,
  type InvitationPreview,
  acceptInvitationRoute,
  lookupInvitationRoute,
} from "#common/contracts/team";
import { apiFetch } from "#web/lib/api-client.ts";

/** Who an invitation link is for; a 404 means the link is used, revoked, expired or unknown. */
export function invitationLookupQuery(token: string) {
  return queryOptions({
    queryKey: ["invitation-lookup", token] as const,
    queryFn: ({ signal }) =>
      apiFetch<InvitationPreview>(lookupInvitationRoute.path, { method: "POST", body: { token }, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sets the first password and joins the organization; the server answers with the session cookie. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      apiFetch<{ email: string }>(acceptInvitationRoute.path, { method: "POST", body }),
  });
}
