import type { Hono } from "hono";
import { getSupportOverviewRoute, updateSupportSettingsRoute } from "#common/contracts/support";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type SupportDeps, getSupportOverview, saveSupportSettings } from "./support.service.ts";

export function registerSupportRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: SupportDeps) {
  bindRoute(router, getSupportOverviewRoute, guard, ({ c }) => getSupportOverview(deps, c.get("organizationId"), requireCaller(c)));
  bindRoute(router, updateSupportSettingsRoute, guard, ({ c, body }) => saveSupportSettings(deps.db, body, requireCaller(c)));
}
