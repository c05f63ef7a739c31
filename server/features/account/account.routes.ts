import type { Hono } from "hono";
import { getSignInOptionsRoute } from "#common/contracts/auth";
import { getCurrentUserRoute, updateProfileRoute } from "#common/contracts/account";
import { SSO_PROVIDER_ID } from "#server/auth/auth";
import type { Database } from "#server/db/database";
import type { SsoConfig } from "#server/env";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { presentCaller, updateProfile } from "./account.service.ts";

export interface AccountRouteDeps {
  db: Database;
  sso: SsoConfig | null;
}

export function registerAccountRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: AccountRouteDeps) {
  const signInOptions = { sso: deps.sso ? { providerId: SSO_PROVIDER_ID, label: deps.sso.label } : null };
  bindRoute(router, getSignInOptionsRoute, guard, async () => signInOptions);
  bindRoute(router, getCurrentUserRoute, guard, async ({ c }) => presentCaller(requireCaller(c)));
  bindRoute(router, updateProfileRoute, guard, ({ c, body }) => updateProfile(deps.db, requireCaller(c), body));
}
