import type { RouteContract } from "./http.ts";
import { eventStreamRoute } from "./events.ts";
import { getCurrentUserRoute } from "./me.ts";
import { getActingOrganizationRoute, updateActingOrganizationRoute } from "./organizations.ts";
import {
  apiDocsAssetRoute,
  apiDocsRoute,
  authGetRoute,
  authPostRoute,
  healthRoute,
  metricsRoute,
  openApiRoute,
  readinessRoute,
} from "./system.ts";

/**
 * Every HTTP route the server answers (besides the web app's static files).
 * The OpenAPI document is built from this list, and the tenant-isolation test walks it and
 * fails when the server registers a route that is missing here.
 */
export const routeRegistry: readonly RouteContract[] = [
  healthRoute,
  readinessRoute,
  metricsRoute,
  openApiRoute,
  apiDocsRoute,
  apiDocsAssetRoute,
  authGetRoute,
  authPostRoute,
  getCurrentUserRoute,
  getActingOrganizationRoute,
  updateActingOrganizationRoute,
  eventStreamRoute,
];
