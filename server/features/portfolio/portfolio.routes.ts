import type { Hono } from "hono";
import { getPortfolioRoute } from "#common/contracts/portfolio";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { type PortfolioDeps, getPortfolio } from "./portfolio.service.ts";

export function registerPortfolioRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: PortfolioDeps) {
  bindRoute(router, getPortfolioRoute, guard, () => getPortfolio(deps));
}
