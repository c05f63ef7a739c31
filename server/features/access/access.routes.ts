import type { Hono } from "hono";
import { getAccessRoute } from "#common/contracts/access";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { getAccess } from "./access.service.ts";

export interface AccessRouteDeps {
  db: Database;
  access: AccessSettings;
}

export function registerAccessRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: AccessRouteDeps) {
  bindRoute(router, getAccessRoute, guard, ({ c }) => getAccess(deps.db, requireCaller(c), c.get("organizationId"), deps.access));
}
