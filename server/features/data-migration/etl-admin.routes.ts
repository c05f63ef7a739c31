import type { Context, Hono } from "hono";
import { z } from "zod";
import { exportEtlDatasetRoute, listEtlConnectionsRoute, listEtlDatasetsRoute, reviewDatasetRoute } from "#common/contracts/data-migration";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { DATASET_NOT_FOUND, listEtlConnections, listEtlDatasets, reviewDataset } from "./etl-admin.service.ts";
import { exportEtlDataset } from "./etl-export.service.ts";

const datasetIdSchema = z.uuid();

/** An id that cannot exist is answered like an unknown one: 404, never a database error. */
function datasetIdOf(c: Context<AppEnv>): string {
  const parsed = datasetIdSchema.safeParse(c.req.param("datasetId"));
  if (!parsed.success) throw new AppError("not_found", DATASET_NOT_FOUND);
  return parsed.data;
}

// The guard admits the ETL team only (the etl-admin item's rules); the answers span every organization.
export function registerEtlAdminRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: { db: Database }) {
  const { db } = deps;
  bindRoute(router, listEtlConnectionsRoute, guard, ({ query }) => listEtlConnections(db, query));
  bindRoute(router, listEtlDatasetsRoute, guard, ({ query }) => listEtlDatasets(db, query));
  bindRoute(router, exportEtlDatasetRoute, guard, async ({ c }) => {
    const file = await exportEtlDataset(db, datasetIdOf(c), c.get("logger"));
    return c.body(file.body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    });
  });
  bindRoute(router, reviewDatasetRoute, guard, ({ c, body }) => reviewDataset(db, requireCaller(c), datasetIdOf(c), body));
}
