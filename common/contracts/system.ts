import { z } from "zod";
import { defineRoute } from "./http.ts";

export const healthSchema = z.object({ status: z.literal("ok") });
export const readinessSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
});

export const healthRoute = defineRoute({
  id: "health",
  method: "get",
  path: "/healthz",
  summary: "Liveness: the process answers",
  tag: "Operations",
  access: "public",
  response: healthSchema,
});

export const readinessRoute = defineRoute({
  id: "readiness",
  method: "get",
  path: "/readyz",
  summary: "Readiness: the database is reachable (503 otherwise)",
  tag: "Operations",
  access: "public",
  response: readinessSchema,
});

export const metricsRoute = defineRoute({
  id: "metrics",
  method: "get",
  path: "/metrics",
  summary: "Prometheus metrics, for the bearer of METRICS_TOKEN (401 without it; 404 when the setting is not made)",
  tag: "Operations",
  access: "public",
  response: z.string(),
  produces: "text/plain",
});

export const openApiRoute = defineRoute({
  id: "openApiDocument",
  method: "get",
  path: "/api/openapi.json",
  summary: "This API's OpenAPI 3.1 document",
  tag: "Operations",
  access: "public",
  response: z.record(z.string(), z.unknown()),
});

export const apiDocsRoute = defineRoute({
  id: "apiDocs",
  method: "get",
  path: "/api/docs",
  summary: "Interactive API documentation (works offline)",
  tag: "Operations",
  access: "public",
  response: z.string(),
  produces: "text/html",
});

export const apiDocsAssetRoute = defineRoute({
  id: "apiDocsAsset",
  method: "get",
  path: "/api/docs/assets/:file",
  summary: "Static assets of the documentation page",
  tag: "Operations",
  access: "public",
  response: z.string(),
  produces: "application/octet-stream",
});

/** Better Auth's own endpoints (sign-in, sign-out, session); see its documentation. */
export const authGetRoute = defineRoute({
  id: "authGet",
  method: "get",
  path: "/api/auth/*",
  summary: "Authentication endpoints (Better Auth), GET",
  tag: "Authentication",
  access: "public",
  response: z.unknown(),
});

export const authPostRoute = defineRoute({
  id: "authPost",
  method: "post",
  path: "/api/auth/*",
  summary: "Authentication endpoints (Better Auth), POST",
  tag: "Authentication",
  access: "public",
  response: z.unknown(),
});
