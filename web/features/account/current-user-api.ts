import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updateProfileRoute } from "#common/contracts/account";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** My Profile: saves name and company role; the header shows the answer at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof updateProfileRoute>) => callRoute(updateProfileRoute, { body }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}
