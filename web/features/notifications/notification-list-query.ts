import { queryOptions, useQuery } from "@tanstack/react-query";
import { listNotificationsRoute } from "#common/contracts/notifications";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { useRealtime } from "#web/lib/realtime/realtime-provider.tsx";

/** How often the list is read again when no event can tell that it changed. */
const NOTIFICATION_POLL_MS = 60_000;

/**
 * The caller's latest notifications and unread count, which the bell shows on every page: this
 * module holds only the query, the panel's mutations are in notifications-api.ts.
 */
export const notificationListQuery = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: ({ signal }) => callRoute(listNotificationsRoute, { signal }),
  // Coming back to the tab shows what arrived meanwhile, even when the stream was asleep.
  refetchOnWindowFocus: "always",
});

/**
 * The list as the bell keeps it fresh: a `notificationsChanged` event invalidates it; polling
 * stands in while the stream is down, and for employees, whose stream carries only the acting
 * organization's events while their notifications come from every organization.
 */
export function useNotificationList(isEmployee: boolean) {
  const { snapshot } = useRealtime();
  const eventsArrive = snapshot.status === "SUBSCRIBED" && !isEmployee;
  return useQuery({ ...notificationListQuery, refetchInterval: eventsArrive ? false : NOTIFICATION_POLL_MS });
}
