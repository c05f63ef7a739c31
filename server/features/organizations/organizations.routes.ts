import type { Hono } from "hono";
import { getActingOrganizationRoute, updateActingOrganizationRoute } from "#common/contracts/organizations";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { getOrganization, presentActingOrganization, updateOrganization } from "./organizations.service.ts";

/** `reminderHour`: the local hour the daily reminder emails go out (NOTIFICATION_DIGEST_HOUR). */
export function registerOrganizationRoutes(router: Hono<AppEnv>, guard: RouteGuard, { db, reminderHour }: { db: Database; reminderHour: number }) {
  bindRoute(router, getActingOrganizationRoute, guard, async ({ c }) =>
    presentActingOrganization(await getOrganization(db, c.get("organizationId")), reminderHour),
  );
  bindRoute(router, updateActingOrganizationRoute, guard, async ({ c, body }) =>
    presentActingOrganization(await updateOrganization(db, c.get("organizationId"), body), reminderHour),
  );
}
