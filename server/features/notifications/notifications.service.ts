import type { Notification, NotificationList, NotificationPreference } from "#common/contracts/notifications";
import { isProviderAdministrator } from "#common/domain/access";
import { NOTIFICATION_PAGE_SIZE, type NotificationKind, defaultNotificationChoice, notificationKindsFor } from "#common/domain/notifications";
import type { Caller } from "#server/lib/app-context";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { choiceOf } from "./notification-content.ts";
import {
  type NotificationListRow,
  type NotificationReader,
  countUnreadNotifications,
  selectLatestNotifications,
  selectPreferenceRows,
  updateNotificationsRead,
  upsertNotificationPreference,
} from "./notifications.queries.ts";

const UNAVAILABLE_KIND_MESSAGE = "This kind of notification is for provider employees only";

function readerOf(caller: Caller): NotificationReader {
  return { userId: caller.userId, organizationId: caller.organizationId, isEmployee: caller.isEmployee };
}

function presentNotification(row: NotificationListRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    organization: { id: row.organizationId, name: row.organizationName },
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? "" } : null,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The caller's latest notifications across their organizations, newest first, and the unread count. */
export async function listNotifications(db: Database, caller: Caller): Promise<NotificationList> {
  const reader = readerOf(caller);
  const [rows, unread] = await Promise.all([selectLatestNotifications(db, reader, NOTIFICATION_PAGE_SIZE), countUnreadNotifications(db, reader)]);
  return { notifications: rows.map(presentNotification), unread_count: unread };
}

/** Marks the caller's own notifications read (`ids`; ids of anyone else's match nothing), or all of them. */
export async function markNotificationsRead(db: Database, caller: Caller, ids: readonly string[] | null): Promise<{ unread_count: number }> {
  const reader = readerOf(caller);
  return db.transaction(async (tx) => {
    const organizationIds = await updateNotificationsRead(tx, reader, ids);
    const unread = await countUnreadNotifications(tx, reader);
    // The caller's other tabs refresh their count.
    for (const organizationId of organizationIds) await publishEvent(tx, organizationId, { type: "notificationsChanged", organizationId, userId: caller.userId });
    return { unread_count: unread };
  });
}

/** Who is asking for their settings: the kinds they receive, and their defaults, depend on it. */
interface PreferenceReader {
  caller: Caller;
  providerAdminEmail: string | null;
}

async function readPreferences(db: Database, { caller, providerAdminEmail }: PreferenceReader): Promise<{ preferences: NotificationPreference[] }> {
  const rows = await selectPreferenceRows(db, [caller.userId]);
  const person = { isProviderAdministrator: isProviderAdministrator(caller.email, providerAdminEmail) };
  return {
    preferences: notificationKindsFor(caller).map((kind) => {
      const choice = choiceOf(rows, caller.userId, kind, defaultNotificationChoice(kind, person));
      return { kind, in_app: choice.inApp, email: choice.email };
    }),
  };
}

/** Every kind the caller receives with their choice (defaultNotificationChoice unless they changed it). */
export function getNotificationPreferences(db: Database, reader: PreferenceReader): Promise<{ preferences: NotificationPreference[] }> {
  return readPreferences(db, reader);
}

export async function updateNotificationPreference(db: Database, reader: PreferenceReader, choice: NotificationPreference): Promise<{ preferences: NotificationPreference[] }> {
  if (!notificationKindsFor(reader.caller).includes(choice.kind)) {
    throw new AppError("validation_failed", UNAVAILABLE_KIND_MESSAGE, [{ path: "kind", message: UNAVAILABLE_KIND_MESSAGE }]);
  }
  await upsertNotificationPreference(db, reader.caller.userId, choice.kind, { inApp: choice.in_app, email: choice.email });
  return readPreferences(db, reader);
}
