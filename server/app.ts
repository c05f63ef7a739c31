import { Hono } from "hono";
import { routeRegistry } from "#common/contracts/registry";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import type { Logger } from "pino";
import type { Auth } from "./auth/auth.ts";
import { handleAuthRequest } from "./auth/auth-route.ts";
import { guardAccess } from "./auth/access-guards.ts";
import type { SessionReader } from "./auth/session-reader.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { type ServerConfig, fileOriginOf } from "./env.ts";
import { registerAccessRoutes } from "./features/access/access.routes.ts";
import { registerActionLogRoutes } from "./features/action-log/action-log.routes.ts";
import { registerAccountRoutes } from "./features/account/account.routes.ts";
import { registerConfigurationRoutes } from "./features/configuration/configuration.routes.ts";
import { registerDataConnectionRoutes } from "./features/data-connections/data-connections.routes.ts";
import { registerDashboardRoutes } from "./features/dashboard/dashboard.routes.ts";
import { registerToolsRoutes } from "./features/tools/tools.routes.ts";
import { registerReadinessRoutes } from "./features/readiness/readiness.routes.ts";
import { registerPortfolioRoutes } from "./features/portfolio/portfolio.routes.ts";
import { registerExtensionRoutes } from "./features/extensions/extensions.routes.ts";
import { registerExtensionWorkspaceRoutes } from "./features/extension-workspaces/extension-workspaces.routes.ts";
import { registerDecisionMakerDashboardRoutes } from "./features/decision-maker-dashboard/decision-maker-dashboard.routes.ts";
import { registerSupportRoutes } from "./features/support/support.routes.ts";
import { raiseOpenRequest, settleOpenRequest } from "./features/action-log/open-requests.service.ts";
import { changePrimaryEstimateAddOn } from "./features/pricing-estimates/estimate-addons.service.ts";
import { registerEmployeeOrganizationRoutes } from "./features/organizations/employee-organizations.routes.ts";
import { registerAttachmentRoutes } from "./features/attachments/attachments.routes.ts";
import { registerContentRoutes } from "./features/content/content.routes.ts";
import { registerCurriculumRoutes } from "./features/curriculum/curriculum.routes.ts";
import { registerLaunchPlanRoutes } from "./features/launch-plan/launch-plan.routes.ts";
import { registerLaunchpadRoutes } from "./features/launchpad/launchpad.routes.ts";
import { runRecalculation } from "./features/launchpad/launchpad.service.ts";
import { registerInvitationRoutes } from "./features/team/invitations.routes.ts";
import { registerMenuVersionRoutes } from "./features/menu-versions/menu-versions.routes.ts";
import { registerNdaRoutes } from "./features/nda/nda.routes.ts";
import type { NotificationDeps } from "./features/notifications/notification-deps.ts";
import { registerNotificationRoutes } from "./features/notifications/notifications.routes.ts";
import { registerEstimateRoutes } from "./features/pricing-estimates/estimates.routes.ts";
import { registerPricingCatalogRoutes } from "./features/pricing-catalog/catalog.routes.ts";
import { registerDataMigrationRoutes } from "./features/data-migration/data-migration.routes.ts";
import { registerEtlAdminRoutes } from "./features/data-migration/etl-admin.routes.ts";
import { registerOrganizationRoutes } from "./features/organizations/organizations.routes.ts";
import { registerOrganizationProfileRoutes } from "./features/organizations/organization-profile.routes.ts";
import { registerTeamRoutes } from "./features/team/team.routes.ts";
import { registerSystemRoutes } from "./features/system/system.routes.ts";
import type { AppEnv } from "./lib/app-context.ts";
import { closeConnectionWhenBodyUnread } from "./lib/connection-close.ts";
import { errorBody, handleError, handleNotFound } from "./lib/error-handler.ts";
import { type ActivityNotifier, silentNotifier } from "./lib/activity-notifier.ts";
import type { InFlightRequests } from "./lib/in-flight.ts";
import { type Metrics, observeRequests } from "./lib/metrics.ts";
import type { RouteGuard } from "./lib/route-guard.ts";
import { matchRawBodyRoutes } from "./lib/raw-body-routes.ts";
import { refuseCrossOriginWrites, securityHeaders } from "./lib/security.ts";
import { registerWebApp } from "./lib/web-app.ts";
import { registerEventRoutes } from "./realtime/events.routes.ts";
import type { RealtimeHub } from "./realtime/realtime-hub.ts";
import type { Mailer } from "./mail/mailer.ts";
import { registerFileRoutes } from "./storage/files.routes.ts";
import type { Storage } from "./storage/storage.ts";
import type { SecretBox } from "./crypto/secret-box.ts";

/** JSON bodies larger than this are refused with 413 before they are read. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export interface AppDeps {
  config: ServerConfig;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  /** Encrypts data-connection secrets at rest. */
  secretBox: SecretBox;
  /** The notification centre, its emails and the unsubscribe links' key. */
  notifications: NotificationDeps;
  sessionReader: SessionReader;
  hub: RealtimeHub;
  logger: Logger;
  metrics: Metrics;
  inFlight: InFlightRequests;
  /** Told of the action log's assignments, comments and help-request status changes; nobody when omitted. */
  notifier?: ActivityNotifier;
  /** The built web app to serve; omitted in API-only tests. */
  webDistDir?: string;
}

/** Builds the whole HTTP app without listening, so tests can call it in-process. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, database, auth, logger, metrics } = deps;
  const db = database.db;
  const app = new Hono<AppEnv>();

  app.onError(handleError);
  app.notFound(handleNotFound);
  app.use(deps.inFlight.middleware());
  app.use(closeConnectionWhenBodyUnread());
  app.use(requestId());
  app.use(async (c, next) => {
    c.set("logger", logger.child({ reqId: c.get("requestId") }));
    await next();
  });
  app.use(observeRequests(metrics));
  app.use(securityHeaders(config.publicUrl, fileOriginOf(config)));
  app.use(refuseCrossOriginWrites(config.trustedOrigins, config.publicUrl));
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => c.json(errorBody("payload_too_large", "The request body is too large"), 413),
  });
  // Routes with a raw body (file uploads) stream it to their handler, which enforces its own limit.
  const hasRawBody = matchRawBodyRoutes(routeRegistry);
  app.use("/api/*", (c, next) => (hasRawBody(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next)));

  // Better Auth answers its own paths.
  app.on(["GET", "POST"], "/api/auth/*", (c) => handleAuthRequest(auth, c, config.env.TRUST_PROXY));

  app.use("/api/*", async (c, next) => {
    c.set("caller", await deps.sessionReader.loadCaller(c.req.header("cookie")));
    await next();
  });

  const guard: RouteGuard = (access, item) => guardAccess(db, access, item ? { item, settings: config.access } : undefined);
  registerSystemRoutes(app, guard, { database, metrics, metricsToken: config.env.METRICS_TOKEN ?? null, publicUrl: config.publicUrl });
  registerAccountRoutes(app, guard, { db, sso: config.sso });
  registerOrganizationRoutes(app, guard, { db, reminderHour: config.env.NOTIFICATION_DIGEST_HOUR });
  registerOrganizationProfileRoutes(app, guard, { db, storage: deps.storage });
  const memberDeps = { db, auth, mailer: deps.mailer, publicUrl: config.publicUrl, providerEmailDomain: config.access.providerEmailDomain };
  registerEmployeeOrganizationRoutes(app, guard, memberDeps);
  registerTeamRoutes(app, guard, memberDeps);
  registerInvitationRoutes(app, guard, memberDeps);
  registerEventRoutes(app, guard, deps.hub, metrics);
  registerAccessRoutes(app, guard, { db, access: config.access });
  registerMenuVersionRoutes(app, guard, { db, access: config.access });
  registerFileRoutes(app, guard, { storage: deps.storage });
  registerNdaRoutes(app, guard, { db, storage: deps.storage });
  registerLaunchpadRoutes(app, guard, { db, access: config.access });
  registerDashboardRoutes(app, guard, { db, access: config.access });
  registerToolsRoutes(app, guard, { db, access: config.access });
  registerReadinessRoutes(app, guard, { db });
  registerPortfolioRoutes(app, guard, { db });
  registerEstimateRoutes(app, guard, { db, recalculateLaunchpad: (tx, organizationId) => runRecalculation(tx, organizationId, true) });
  registerPricingCatalogRoutes(app, guard, { db });
  registerDataConnectionRoutes(app, guard, {
    db,
    secretBox: deps.secretBox,
    allowPrivateNetworks: config.dataConnections.allowPrivateNetworks,
    recalculateLaunchpad: (tx, organizationId) => runRecalculation(tx, organizationId, true),
  });
  registerDataMigrationRoutes(app, guard, { db });
  registerEtlAdminRoutes(app, guard, { db });
  registerConfigurationRoutes(app, guard, { db, recalculateLaunchpad: (tx, organizationId) => runRecalculation(tx, organizationId, true) });
  registerLaunchPlanRoutes(app, guard, { db, storage: deps.storage });
  registerCurriculumRoutes(app, guard, { db, storage: deps.storage, maxFileBytes: config.content.maxFileBytes });
  registerContentRoutes(app, guard, { db, storage: deps.storage, settings: config.content });
  registerAttachmentRoutes(app, guard, { db, storage: deps.storage, access: config.access });
  registerActionLogRoutes(app, guard, { db, access: config.access, notifier: deps.notifier ?? silentNotifier });
  // An extension's request is an Open Request; its activation changes the primary estimate.
  registerExtensionRoutes(app, guard, { db, access: config.access, raiseOpenRequest, settleOpenRequest, changePrimaryEstimateAddOn });
  registerExtensionWorkspaceRoutes(app, guard, { db });
  registerDecisionMakerDashboardRoutes(app, guard, { db });
  registerSupportRoutes(app, guard, { db, access: config.access });
  registerNotificationRoutes(app, guard, deps.notifications);

  if (deps.webDistDir) registerWebApp(app, deps.webDistDir);
  return app;
}
