import type { Hono } from "hono";
import { downloadBoardSummaryRoute, getDecisionMakerDashboardRoute } from "#common/contracts/decision-maker-dashboard";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type DecisionMakerDashboardDeps, downloadBoardSummary, getDecisionMakerDashboard } from "./decision-maker-dashboard.service.ts";

export function registerDecisionMakerDashboardRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: DecisionMakerDashboardDeps) {
  bindRoute(router, getDecisionMakerDashboardRoute, guard, ({ c }) => getDecisionMakerDashboard(deps, c.get("organizationId")));
  bindRoute(router, downloadBoardSummaryRoute, guard, async ({ c }) => {
    const { fileName, bytes } = await downloadBoardSummary(deps, c.get("organizationId"));
    return c.body(new Uint8Array(bytes), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    });
  });
}
