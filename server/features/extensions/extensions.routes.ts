import type { Context, Hono } from "hono";
import {
  activateExtensionRoute,
  deactivateExtensionRoute,
  declineExtensionRoute,
  getExtensionsRoute,
  requestExtensionRoute,
  withdrawExtensionRequestRoute,
} from "#common/contracts/extensions";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import {
  type ExtensionDeps,
  activateExtension,
  deactivateExtension,
  declineExtensionRequest,
  getExtensions,
  requestExtension,
  withdrawExtensionRequest,
} from "./extensions.service.ts";

const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
const extensionIdOf = (c: Context<AppEnv>) => c.req.param("extensionId") ?? "";

export function registerExtensionRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: ExtensionDeps) {
  bindRoute(router, getExtensionsRoute, guard, ({ c }) => getExtensions(deps, organizationOf(c), requireCaller(c)));
  bindRoute(router, requestExtensionRoute, guard, ({ c, body }) =>
    requestExtension(deps, organizationOf(c), requireCaller(c), extensionIdOf(c), body.note || null),
  );
  bindRoute(router, withdrawExtensionRequestRoute, guard, ({ c }) => withdrawExtensionRequest(deps, organizationOf(c), requireCaller(c), extensionIdOf(c)));
  bindRoute(router, activateExtensionRoute, guard, ({ c }) => activateExtension(deps, organizationOf(c), requireCaller(c), extensionIdOf(c)));
  bindRoute(router, declineExtensionRoute, guard, ({ c, body }) =>
    declineExtensionRequest(deps, organizationOf(c), requireCaller(c), extensionIdOf(c), body.reason),
  );
  bindRoute(router, deactivateExtensionRoute, guard, ({ c, body }) =>
    deactivateExtension(deps, organizationOf(c), requireCaller(c), extensionIdOf(c), body.reason || null),
  );
}
