import type { Hono } from "hono";
import { type CurrentUser, getCurrentUserRoute } from "#common/contracts/me";
import type { AppEnv, Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";

function presentCaller(caller: Caller): CurrentUser {
  return {
    id: caller.userId,
    email: caller.email,
    full_name: caller.fullName,
    company_role: caller.companyRole,
    role: caller.role,
    is_employee: caller.isEmployee,
    organization_id: caller.organizationId,
  };
}

export function registerAccountRoutes(router: Hono<AppEnv>, guard: RouteGuard) {
  bindRoute(router, getCurrentUserRoute, guard, async ({ c }) => {
    const caller = c.get("caller");
    if (!caller) throw new AppError("unauthenticated", "Sign in to continue");
    return presentCaller(caller);
  });
}
