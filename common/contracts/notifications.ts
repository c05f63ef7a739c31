import { z } from "zod";
import { NOTIFICATION_KINDS } from "../domain/notifications.ts";
import { defineRoute } from "./http.ts";

/**
 * The notification centre, each person's choices per kind, and the one-click unsubscribe link
 * that every notification email carries (it works without signing in).
 */

const tag = "Notifications";

const kindSchema = z.enum(NOTIFICATION_KINDS, { error: `kind must be one of ${NOTIFICATION_KINDS.join(", ")}` });

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: kindSchema,
  title: z.string(),
  body: z.string(),
  /** Where it leads, a path of the portal. */
  link: z.string(),
  organization: z.object({ id: z.uuid(), name: z.string() }),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markNotificationsReadBodySchema = z.union([
  z.object({ ids: z.array(z.uuid({ error: "ids must be notification ids" })).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);

export const notificationPreferenceSchema = z.object({ kind: kindSchema, in_app: z.boolean(), email: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
export const notificationPreferencesSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });

export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: "token is required" }).min(10, { error: "The unsubscribe link is not valid" }).max(500),
});

export const listNotificationsRoute = defineRoute({
  id: "listNotifications", method: "get", path: "/api/notifications", tag, access: "authenticated",
  summary: "The caller's latest notifications, newest first, and how many are unread",
  response: notificationListSchema,
});
export const markNotificationsReadRoute = defineRoute({
  id: "markNotificationsRead", method: "post", path: "/api/notifications/read", tag, access: "authenticated",
  summary: "Mark some or all of the caller's notifications read",
  body: markNotificationsReadBodySchema, response: z.object({ unread_count: z.number().int() }),
});
export const getNotificationPreferencesRoute = defineRoute({
  id: "getNotificationPreferences", method: "get", path: "/api/notification-preferences", tag, access: "authenticated",
  summary: "The caller's choice, per kind, of notifications in the portal and by email",
  response: notificationPreferencesSchema,
});
export const updateNotificationPreferenceRoute = defineRoute({
  id: "updateNotificationPreference", method: "put", path: "/api/notification-preferences", tag, access: "authenticated",
  summary: "Turn one kind on or off, in the portal and by email",
  body: notificationPreferenceSchema, response: notificationPreferencesSchema,
});
export const unsubscribePageRoute = defineRoute({
  id: "showUnsubscribe", method: "get", path: "/api/notifications/unsubscribe", tag, access: "public",
  summary: "The page an email's unsubscribe link opens: it asks to confirm (mail scanners follow links)",
  query: unsubscribeQuerySchema, response: z.string(), produces: "text/html",
});
export const unsubscribeRoute = defineRoute({
  id: "unsubscribe", method: "post", path: "/api/notifications/unsubscribe", tag, access: "public",
  summary: "Turn off the email of the link's kind (one-click, RFC 8058), without signing in",
  query: unsubscribeQuerySchema, response: z.string(), produces: "text/html",
});
