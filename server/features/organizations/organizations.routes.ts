import type { Hono } from "hono";
import { getActingOrganizationRoute, updateActingOrganizationRoute } from "#common/contracts/organizations";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { getOrganization, updateOrganization } from "./organizations.service.ts";

export function registerOrganizationRoutes(router: Hono<AppEnv>, guard: RouteGuard, db: Database) {
  bindRoute(router, getActingOrganizationRoute, guard, ({ c }) => getOrganization(db, c.get("organizationId")));
  bindRoute(router, updateActingOrganizationRoute, guard, ({ c, body }) => updateOrganization(db, c.get("organizationId"), body));
}
