import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type SupportSettingsInput, getSupportOverviewRoute, updateSupportSettingsRoute } from "#common/contracts/support";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// Under the action log's key: the page lists help requests, so every entry's event refreshes it.
// Organization-scoped (its help requests are the acting organization's): an employee's switch drops it.
const SUPPORT_QUERY_KEY = [...queryKeys.actionLog, "support"] as const;

/** The /support page: the provider's settings, the organization's help requests, the FAQ. */
export const supportOverviewQuery = queryOptions({
  queryKey: SUPPORT_QUERY_KEY,
  queryFn: ({ signal }) => callRoute(getSupportOverviewRoute, { signal }),
});

/** Saves the provider's support settings (employees), then rereads the page. */
export function useSaveSupportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportSettingsInput) => callRoute(updateSupportSettingsRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPORT_QUERY_KEY }),
  });
}
