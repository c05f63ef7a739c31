import type { Context, Hono } from "hono";
import {
  getNotificationPreferencesRoute,
  listNotificationsRoute,
  markNotificationsReadRoute,
  unsubscribePageRoute,
  unsubscribeRoute,
  updateNotificationPreferenceRoute,
} from "#common/contracts/notifications";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import type { NotificationDeps } from "./notification-deps.ts";
import { getNotificationPreferences, listNotifications, markNotificationsRead, updateNotificationPreference } from "./notifications.service.ts";
import { type UnsubscribePage, showUnsubscribePage, unsubscribeByLink } from "./unsubscribe.service.ts";

/**
 * A person following the link gets a page, refusals included; a program that does not ask for
 * HTML gets the error body every route answers.
 */
function presentPage(c: Context<AppEnv>, page: UnsubscribePage): Response {
  if (page.error && !(c.req.header("accept") ?? "").includes("text/html")) throw new AppError("bad_request", page.error);
  c.header("cache-control", "no-store");
  return c.html(page.html, page.status);
}

export function registerNotificationRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: NotificationDeps) {
  const { db, unsubscribeKey, providerAdminEmail } = deps;
  bindRoute(router, listNotificationsRoute, guard, ({ c }) => listNotifications(db, requireCaller(c)));
  bindRoute(router, markNotificationsReadRoute, guard, ({ c, body }) =>
    markNotificationsRead(db, requireCaller(c), "ids" in body ? body.ids : null),
  );
  bindRoute(router, getNotificationPreferencesRoute, guard, ({ c }) => getNotificationPreferences(db, { caller: requireCaller(c), providerAdminEmail }));
  bindRoute(router, updateNotificationPreferenceRoute, guard, ({ c, body }) => updateNotificationPreference(db, { caller: requireCaller(c), providerAdminEmail }, body));
  bindRoute(router, unsubscribePageRoute, guard, async ({ c, query }) => presentPage(c, await showUnsubscribePage(db, unsubscribeKey, query.token)));
  bindRoute(router, unsubscribeRoute, guard, async ({ c, query }) => presentPage(c, await unsubscribeByLink(db, unsubscribeKey, query.token)));
}
