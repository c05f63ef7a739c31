import type { Hono } from "hono";
import { exportCatalogRoute, getCatalogRoute, importCatalogRoute } from "#common/contracts/pricing-catalog";
import type { Database } from "#server/db/database";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { exportCatalogCsv, getCatalog, importCatalog } from "./catalog.service.ts";

export const CATALOG_EXPORT_FILENAME = "pricing-catalog.csv";

export function registerPricingCatalogRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: { db: Database }) {
  const { db } = deps;
  bindRoute(router, getCatalogRoute, guard, ({ query }) => getCatalog(db, query));
  bindRoute(router, exportCatalogRoute, guard, async ({ c }) =>
    c.body(await exportCatalogCsv(db), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${CATALOG_EXPORT_FILENAME}"`,
      "cache-control": "no-store",
    }),
  );
  bindRoute(router, importCatalogRoute, guard, ({ c, body }) => importCatalog(db, body.csv, requireCaller(c).userId, c.get("logger")));
}
