import type { Hono } from "hono";
import { getDashboardRoute, getTrialStatusRoute } from "#common/contracts/dashboard";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type DashboardDeps, getDashboard, getTrialStatus } from "./dashboard.service.ts";

export function registerDashboardRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: DashboardDeps) {
  bindRoute(router, getDashboardRoute, guard, ({ c }) => getDashboard(deps, c.get("organizationId"), requireCaller(c)));
  bindRoute(router, getTrialStatusRoute, guard, ({ c }) => getTrialStatus(deps.db, c.get("organizationId"), requireCaller(c)));
}
