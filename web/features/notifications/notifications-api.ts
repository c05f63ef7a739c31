import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import {
  type NotificationList,
  type NotificationPreference,
  getNotificationPreferencesRoute,
  markNotificationsReadRoute,
  updateNotificationPreferenceRoute,
} from "#common/contracts/notifications";
import type { NotificationKind } from "#common/domain/notifications";
import { type RouteAnswer, type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

const MARK_READ_FAILED = "Failed to mark notifications as read";
const UPDATE_PREFERENCE_FAILED = "Failed to update notification settings";

type MarkReadBody = RouteBody<typeof markNotificationsReadRoute>;
type Preferences = RouteAnswer<typeof getNotificationPreferencesRoute>;

function withRead(list: NotificationList, body: MarkReadBody): NotificationList {
  const marked = (id: string) => "all" in body || body.ids.includes(id);
  const notifications = list.notifications.map((item) => (item.read || !marked(item.id) ? item : { ...item, read: true }));
  const newlyRead = list.notifications.filter((item, index) => item !== notifications[index]).length;
  // The list holds the latest page only: marking all clears unread items older than it too.
  const unread_count = "all" in body ? 0 : Math.max(0, list.unread_count - newlyRead);
  return { notifications, unread_count };
}

/** Marks some notifications (`{ ids }`) or all of them (`{ all: true }`) read, at once on screen. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  // The list query's key, not the query: importing notification-list-query.ts here would split it
  // out of the bell's chunk into one more, since My Profile's section loads this module too.
  const key = queryKeys.notifications;
  return useMutation({
    mutationFn: (body: MarkReadBody) => callRoute(markNotificationsReadRoute, { body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<NotificationList>(key);
      if (previous) queryClient.setQueryData<NotificationList>(key, withRead(previous, body));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(MARK_READ_FAILED);
    },
    onSuccess: ({ unread_count }) => queryClient.setQueryData<NotificationList>(key, (list) => (list ? { ...list, unread_count } : list)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}

/** The signed-in person's choices per kind: in the portal, by email. */
export const notificationPreferencesQuery = queryOptions({
  queryKey: queryKeys.notificationPreferences,
  queryFn: ({ signal }) => callRoute(getNotificationPreferencesRoute, { signal }),
});

/** A kind's choice; a kind the answer does not list is on, as the server treats it. */
export function preferenceOf(preferences: Preferences, kind: NotificationKind): NotificationPreference {
  return preferences.preferences.find((preference) => preference.kind === kind) ?? { kind, in_app: true, email: true };
}

/** The list with `kind`'s choice replaced in its place (the settings keep their order). */
function withPreference(preferences: Preferences, kind: NotificationKind, preference: NotificationPreference | undefined): Preferences {
  if (!preference) return preferences;
  return { preferences: preferences.preferences.map((item) => (item.kind === kind ? preference : item)) };
}

/**
 * Saves one kind's choice at once, shown before the server answers; a failure puts the kind
 * back as it was and says so.
 */
export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  const key = notificationPreferencesQuery.queryKey;
  return useMutation({
    mutationKey: key,
    mutationFn: (preference: NotificationPreference) => callRoute(updateNotificationPreferenceRoute, { body: preference }),
    onMutate: async (preference) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData(key)?.preferences.find((item) => item.kind === preference.kind);
      queryClient.setQueryData(key, (data) => (data ? withPreference(data, preference.kind, preference) : data));
      return { before };
    },
    onError: (_error, preference, context) => {
      queryClient.setQueryData(key, (data) => (data ? withPreference(data, preference.kind, context?.before) : data));
      toast.error(UPDATE_PREFERENCE_FAILED);
      // Another change of the same kind may have been sent meanwhile: read back what was kept.
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
    onSuccess: (answer) => {
      // An earlier answer must not undo a later change still on its way.
      if (queryClient.isMutating({ mutationKey: key }) <= 1) queryClient.setQueryData(key, answer);
    },
  });
}
