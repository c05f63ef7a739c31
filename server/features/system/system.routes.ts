import type { Hono } from "hono";
import { routeRegistry } from "#common/contracts/registry";
import {
  apiDocsAssetRoute,
  apiDocsRoute,
  healthRoute,
  metricsRoute,
  openApiRoute,
  readinessRoute,
} from "#common/contracts/system";
import type { DatabaseHandle } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import { type Metrics, authorizeMetricsScrape } from "#server/lib/metrics";
import { buildOpenApiDocument } from "#server/lib/openapi";
import type { RouteGuard } from "#server/lib/route-guard";
import { API_DOCS_HTML, readDocsAsset } from "./api-docs.ts";

export interface SystemRouteDeps {
  database: DatabaseHandle;
  metrics: Metrics;
  /** The bearer token /metrics asks for; null: /metrics is not served. */
  metricsToken: string | null;
  publicUrl: string;
}

export function registerSystemRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: SystemRouteDeps) {
  bindRoute(router, healthRoute, guard, async () => ({ status: "ok" as const }));

  bindRoute(router, readinessRoute, guard, async ({ c }) => {
    try {
      await deps.database.ping();
      return { status: "ok" as const, database: "ok" as const };
    } catch (error) {
      c.get("logger").warn({ err: error }, "readiness check: database unreachable");
      return c.json({ status: "unavailable" as const, database: "unreachable" as const }, 503);
    }
  });

  bindRoute(router, metricsRoute, guard, async ({ c }) => {
    authorizeMetricsScrape(c, deps.metricsToken);
    const text = await deps.metrics.registry.metrics();
    return c.body(text, 200, { "content-type": deps.metrics.registry.contentType });
  });

  const openApiDocument = buildOpenApiDocument(routeRegistry, deps.publicUrl);
  bindRoute(router, openApiRoute, guard, async () => openApiDocument);

  bindRoute(router, apiDocsRoute, guard, async ({ c }) => c.html(API_DOCS_HTML));

  bindRoute(router, apiDocsAssetRoute, guard, async ({ c }) => {
    const asset = await readDocsAsset(c.req.param("file") ?? "");
    if (!asset) throw new AppError("not_found", "No such documentation asset");
    return c.body(typeof asset.body === "string" ? asset.body : new Uint8Array(asset.body), 200, {
      "content-type": asset.contentType,
      "cache-control": "public, max-age=3600",
    });
  });
}
