import type { Hono } from "hono";
import { getReadinessRoute } from "#common/contracts/readiness";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type ReadinessDeps, getReadiness } from "./readiness.service.ts";

export function registerReadinessRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: ReadinessDeps) {
  bindRoute(router, getReadinessRoute, guard, ({ c }) => getReadiness(deps, c.get("organizationId")));
}
