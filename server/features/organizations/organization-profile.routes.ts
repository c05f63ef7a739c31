import type { Hono } from "hono";
import {
  deleteOrganizationLogoRoute,
  getOrganizationLogoRoute,
  getOrganizationProfileRoute,
  updateOrganizationProfileRoute,
  uploadOrganizationLogoRoute,
} from "#common/contracts/organization-profile";
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from "#common/domain/organization-profile";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { readUpload } from "#server/storage/uploads";
import { type OrganizationProfileDeps, deleteOrganizationLogo, readOrganizationLogo, uploadOrganizationLogo } from "./organization-logo.service.ts";
import { getOrganizationProfile, updateOrganizationProfile } from "./organization-profile.service.ts";

/** /organization's profile and logo, for the acting organization. */
export function registerOrganizationProfileRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: OrganizationProfileDeps) {
  const { db } = deps;
  bindRoute(router, getOrganizationProfileRoute, guard, ({ c }) => getOrganizationProfile(db, c.get("organizationId"), requireCaller(c)));
  bindRoute(router, updateOrganizationProfileRoute, guard, ({ c, body }) =>
    updateOrganizationProfile(db, c.get("organizationId"), requireCaller(c), body),
  );
  bindRoute(router, uploadOrganizationLogoRoute, guard, ({ c }) =>
    uploadOrganizationLogo(deps, c.get("organizationId"), requireCaller(c), () => readUpload(c, { maxBytes: LOGO_MAX_BYTES, accept: LOGO_CONTENT_TYPES }), c.get("logger")),
  );
  bindRoute(router, deleteOrganizationLogoRoute, guard, ({ c }) => deleteOrganizationLogo(deps, c.get("organizationId"), requireCaller(c), c.get("logger")));
  bindRoute(router, getOrganizationLogoRoute, guard, ({ c }) =>
    readOrganizationLogo(deps, c.get("organizationId"), { method: c.req.method, ifNoneMatch: c.req.header("if-none-match") }),
  );
}
