import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  activateExtensionRoute,
  deactivateExtensionRoute,
  declineExtensionRoute,
  getExtensionsRoute,
  requestExtensionRoute,
  withdrawExtensionRequestRoute,
} from "#common/contracts/extensions";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The extensions with their state; extension, estimate and menu events refresh it. */
export const extensionsQuery = queryOptions({
  queryKey: queryKeys.extensions,
  queryFn: ({ signal }) => callRoute(getExtensionsRoute, { signal }),
});

/** One change of one extension; `text` is the request's note or the employee's reason. */
export type ExtensionAction = "request" | "withdraw" | "activate" | "decline" | "deactivate";

function sendChange(action: ExtensionAction, extensionId: string, text: string | null) {
  const params = { extensionId };
  switch (action) {
    case "request":
      return callRoute(requestExtensionRoute, { params, body: { note: text } });
    case "withdraw":
      return callRoute(withdrawExtensionRequestRoute, { params });
    case "activate":
      return callRoute(activateExtensionRoute, { params });
    case "decline":
      return callRoute(declineExtensionRoute, { params, body: { reason: text ?? "" } });
    case "deactivate":
      return callRoute(deactivateExtensionRoute, { params, body: { reason: text } });
  }
}

/** Changes an extension; afterwards the page, the access answer (its page may open) and the estimates refresh. */
export function useChangeExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, extensionId, text = null }: { action: ExtensionAction; extensionId: string; text?: string | null }) =>
      sendChange(action, extensionId, text),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.extensions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.access }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pricing }),
      ]),
  });
}
