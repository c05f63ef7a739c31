import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "#common/contracts/me";
import { type UpdateProfileBody, updateProfileRoute } from "#common/contracts/profile";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** My Profile: saves name and company role; the header shows the answer at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiFetch<CurrentUser>(updateProfileRoute.path, { method: "PATCH", body }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}
