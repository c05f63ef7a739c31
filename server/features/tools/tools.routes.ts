import type { Hono } from "hono";
import { getToolsOverviewRoute } from "#common/contracts/tools";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type ToolsDeps, getToolsOverview } from "./tools.service.ts";

export function registerToolsRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: ToolsDeps) {
  bindRoute(router, getToolsOverviewRoute, guard, ({ c }) => getToolsOverview(deps, c.get("organizationId"), requireCaller(c)));
}
