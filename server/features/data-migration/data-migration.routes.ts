import type { Context, Hono } from "hono";
import {
  discardDatasetRoute,
  downloadMigrationTemplateRoute,
  getMigrationOverviewRoute,
  getStagedRowsRoute,
  uploadMigrationFileRoute,
} from "#common/contracts/data-migration";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { discardDataset, getMigrationOverview, getMigrationTemplate, getStagedRows } from "./data-migration.service.ts";
import { uploadMigrationFile } from "./migration-upload.service.ts";

export function registerDataMigrationRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: { db: Database }) {
  const { db } = deps;
  const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
  const entityOf = (c: Context<AppEnv>) => c.req.param("entity");
  bindRoute(router, getMigrationOverviewRoute, guard, ({ c }) => getMigrationOverview(db, organizationOf(c)));
  bindRoute(router, downloadMigrationTemplateRoute, guard, async ({ c }) => {
    const template = getMigrationTemplate(entityOf(c));
    return c.body(template.body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${template.fileName}"`,
      "cache-control": "no-store",
    });
  });
  bindRoute(router, uploadMigrationFileRoute, guard, ({ c, query }) =>
    uploadMigrationFile(db, organizationOf(c), requireCaller(c), entityOf(c), {
      fileName: query.file_name,
      contentType: c.req.header("content-type"),
      contentLength: c.req.header("content-length"),
      body: c.req.raw.body,
    }),
  );
  bindRoute(router, getStagedRowsRoute, guard, ({ c, query }) => getStagedRows(db, organizationOf(c), entityOf(c), query.page));
  bindRoute(router, discardDatasetRoute, guard, ({ c }) => discardDataset(db, organizationOf(c), entityOf(c)));
}
