import type { Hono } from "hono";
import { createOrganizationRoute, listEmployeeOrganizationsRoute } from "#common/contracts/organizations";
import type { Database } from "#server/db/database";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import type { Mailer } from "#server/mail/mailer";
import { listAllOrganizations, onboardOrganization } from "./employee-organizations.service.ts";

export interface EmployeeOrganizationRouteDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  providerEmailDomain: string | null;
}

/** The organization switcher's list and the onboarding of a new customer (employees only). */
export function registerEmployeeOrganizationRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: EmployeeOrganizationRouteDeps) {
  bindRoute(router, listEmployeeOrganizationsRoute, guard, () => listAllOrganizations(deps.db));
  bindRoute(router, createOrganizationRoute, guard, ({ c, body }) => onboardOrganization(deps, requireCaller(c), body, c.get("logger")));
}
