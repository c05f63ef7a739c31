import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Invitation,
  type InviteMemberBody,
  type Team,
  type TeamMember,
  changeMemberRoleRoute,
  getTeamRoute,
  inviteMemberRoute,
  removeMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
} from "#common/contracts/team";
import type { MemberRole } from "#common/domain/member-roles";
import { apiFetch, buildApiPath } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The acting organization's members, pending invitations and whether the caller may manage them. */
export const teamQuery = queryOptions({
  queryKey: queryKeys.team,
  queryFn: ({ signal }) => apiFetch<Team>(getTeamRoute.path, { signal }),
});

/** Every team change refetches the list (the realtime teamChanged does the same for other screens). */
function useTeamMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>, onSuccess?: (result: TResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      onSuccess?.(result);
      return queryClient.invalidateQueries({ queryKey: queryKeys.team });
    },
  });
}

export function useInviteMember() {
  return useTeamMutation((body: InviteMemberBody) => apiFetch<Invitation>(inviteMemberRoute.path, { method: "POST", body }));
}

export function useResendInvitation() {
  return useTeamMutation((invitationId: string) =>
    apiFetch<Invitation>(buildApiPath(resendInvitationRoute.path, { invitationId }), { method: "POST" }),
  );
}

export function useRevokeInvitation() {
  return useTeamMutation((invitationId: string) =>
    apiFetch<{ id: string }>(buildApiPath(revokeInvitationRoute.path, { invitationId }), { method: "DELETE" }),
  );
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useTeamMutation(
    ({ memberId, role }: { memberId: string; role: MemberRole }) =>
      apiFetch<TeamMember>(buildApiPath(changeMemberRoleRoute.path, { memberId }), { method: "PATCH", body: { role } }),
    // Shown at once, before the refetch: the role select reads the cached member.
    (member) =>
      queryClient.setQueryData<Team>(queryKeys.team, (team) =>
        team ? { ...team, members: team.members.map((item) => (item.id === member.id ? member : item)) } : team,
      ),
  );
}

export function useRemoveMember() {
  return useTeamMutation((memberId: string) =>
    apiFetch<{ id: string }>(buildApiPath(removeMemberRoute.path, { memberId }), { method: "DELETE" }),
  );
}
