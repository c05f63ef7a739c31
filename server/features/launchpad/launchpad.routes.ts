import type { Hono } from "hono";
import {
  clearPageNotApplicableRoute,
  getLaunchpadRoute,
  markPageNotApplicableRoute,
  recalculateLaunchpadRoute,
  saveLaunchpadPageRoute,
} from "#common/contracts/launchpad";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type LaunchpadDeps, clearPageNotApplicable, markPageNotApplicable, saveLaunchpadPage } from "./launchpad-pages.service.ts";
import { getLaunchpad, recalculateLaunchpad } from "./launchpad.service.ts";

export function registerLaunchpadRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: LaunchpadDeps) {
  const { db } = deps;
  bindRoute(router, getLaunchpadRoute, guard, ({ c }) => getLaunchpad(db, c.get("organizationId")));
  bindRoute(router, saveLaunchpadPageRoute, guard, ({ c, body }) =>
    saveLaunchpadPage(deps, c.get("organizationId"), requireCaller(c), c.req.param("pageId") ?? "", body),
  );
  bindRoute(router, markPageNotApplicableRoute, guard, ({ c, body }) =>
    markPageNotApplicable(deps, c.get("organizationId"), requireCaller(c), c.req.param("pageId") ?? "", body.reason),
  );
  bindRoute(router, clearPageNotApplicableRoute, guard, ({ c }) =>
    clearPageNotApplicable(deps, c.get("organizationId"), requireCaller(c), c.req.param("pageId") ?? ""),
  );
  bindRoute(router, recalculateLaunchpadRoute, guard, ({ c, body }) => recalculateLaunchpad(db, c.get("organizationId"), body.force ?? false));
}
