import * as access from "./access.ts";
import * as account from "./account.ts";
import * as actionLog from "./action-log.ts";
import * as attachments from "./attachments.ts";
import * as auth from "./auth.ts";
import * as configuration from "./configuration.ts";
import * as content from "./content.ts";
import * as curriculum from "./curriculum.ts";
import * as dashboard from "./dashboard.ts";
import * as dataConnections from "./data-connections.ts";
import * as dataMigration from "./data-migration.ts";
import * as decisionMakerDashboard from "./decision-maker-dashboard.ts";
import * as support from "./support.ts";
import * as events from "./events.ts";
import * as extensions from "./extensions.ts";
import * as extensionWorkspaces from "./extension-workspaces.ts";
import * as files from "./files.ts";
import type { RouteContract } from "./http.ts";
import * as launchPlan from "./launch-plan.ts";
import * as launchpad from "./launchpad.ts";
import * as menuVersions from "./menu-versions.ts";
import * as nda from "./nda.ts";
import * as notifications from "./notifications.ts";
import * as organizationProfile from "./organization-profile.ts";
import * as organizations from "./organizations.ts";
import * as portfolio from "./portfolio.ts";
import * as pricingCatalog from "./pricing-catalog.ts";
import * as pricingEstimates from "./pricing-estimates.ts";
import * as readiness from "./readiness.ts";
import * as system from "./system.ts";
import * as team from "./team.ts";
import * as tools from "./tools.ts";

/**
 * The contract modules, one per feature. A module's routes are the route contracts it exports
 * (made with defineRoute), so a new route is registered by exporting it; a new contract module is
 * added here once.
 */
const contractModules: readonly Record<string, unknown>[] = [
  system,
  auth,
  account,
  organizations,
  organizationProfile,
  team,
  events,
  access,
  menuVersions,
  files,
  nda,
  launchpad,
  dashboard,
  pricingCatalog,
  pricingEstimates,
  dataConnections,
  dataMigration,
  configuration,
  launchPlan,
  curriculum,
  content,
  attachments,
  actionLog,
  notifications,
  tools,
  readiness,
  portfolio,
  extensions,
  extensionWorkspaces,
  decisionMakerDashboard,
  support,
];

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/** True for a route contract made with defineRoute (schemas and constants are not). */
export function isRouteContract(value: unknown): value is RouteContract {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<RouteContract>;
  return (
    typeof candidate.id === "string" &&
    typeof candidate.path === "string" &&
    typeof candidate.method === "string" &&
    HTTP_METHODS.has(candidate.method) &&
    typeof candidate.access === "string" &&
    candidate.response !== undefined
  );
}

/** The route contracts a contract module exports, in the module's order of exports. */
export function routesOf(contractModule: Record<string, unknown>): RouteContract[] {
  return Object.values(contractModule).filter(isRouteContract);
}

/**
 * Every HTTP route the server answers (besides the web app's static files).
 * The OpenAPI document is built from this list, and the tenant-isolation test walks it and
 * fails when the server registers a route that is missing here.
 */
export const routeRegistry: readonly RouteContract[] = contractModules.flatMap(routesOf);
