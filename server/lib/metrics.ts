import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AppEnv } from "./app-context.ts";
import { AppError } from "./app-error.ts";

/** One registry per app instance, so that tests can build many apps side by side. */
export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status">;
  realtimeClients: Gauge;
  realtimeEvents: Counter;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request duration by route pattern",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    realtimeClients: new Gauge({
      name: "realtime_connected_clients",
      help: "Open Server-Sent Events connections",
      registers: [registry],
    }),
    realtimeEvents: new Counter({
      name: "realtime_events_delivered_total",
      help: "Realtime events received from the database and fanned out",
      registers: [registry],
    }),
  };
}

/** Times each request and writes one log line for it, tagged with the request id. */
export function observeRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = c.req.routePath && c.req.routePath !== "/*" ? c.req.routePath : "unmatched";
    metrics.requestDuration.observe({ method: c.req.method, route, status: String(c.res.status) }, seconds);
    const level = c.req.path === "/healthz" || c.req.path === "/readyz" ? "debug" : "info";
    c.get("logger")[level](
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(seconds * 1000) },
      "request",
    );
  };
}

// Digests have one length whatever the input, so the comparison takes the same time for any token.
const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Lets a scrape of /metrics through only with `Authorization: Bearer <METRICS_TOKEN>`. Without
 * the setting the endpoint is not served at all: 404, as for any path the portal does not have.
 */
export function authorizeMetricsScrape(c: Context<AppEnv>, token: string | null): void {
  if (token === null) throw new AppError("not_found", `No route for ${c.req.method} ${c.req.path}`);
  const given = /^Bearer +(\S+) *$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(given), digest(token))) {
    c.header("WWW-Authenticate", 'Bearer realm="metrics"');
    throw new AppError("unauthenticated", "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>");
  }
}
