import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Team,
  changeMemberRoleRoute,
  getTeamRoute,
  inviteMemberRoute,
  removeMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
} from "#common/contracts/team";
import type { MemberRole } from "#common/domain/member-roles";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The acting organization's members, pending invitations and whether the caller may manage them. */
export const teamQuery = queryOptions({
  queryKey: queryKeys.team,
  queryFn: ({ signal }) => callRoute(getTeamRoute, { signal }),
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
  return useTeamMutation((body: RouteBody<typeof inviteMemberRoute>) => callRoute(inviteMemberRoute, { body }));
}

export function useResendInvitation() {
  return useTeamMutation((invitationId: string) => callRoute(resendInvitationRoute, { params: { invitationId } }));
}

export function useRevokeInvitation() {
  return useTeamMutation((invitationId: string) => callRoute(revokeInvitationRoute, { params: { invitationId } }));
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useTeamMutation(
    ({ memberId, role }: { memberId: string; role: MemberRole }) =>
      callRoute(changeMemberRoleRoute, { params: { memberId }, body: { role } }),
    // Shown at once, before the refetch: the role select reads the cached member.
    (member) =>
      queryClient.setQueryData<Team>(queryKeys.team, (team) =>
        team ? { ...team, members: team.members.map((item) => (item.id === member.id ? member : item)) } : team,
      ),
  );
}

export function useRemoveMember() {
  return useTeamMutation((memberId: string) => callRoute(removeMemberRoute, { params: { memberId } }));
}
