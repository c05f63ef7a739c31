import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  assignMenuVersionRoute,
  createMenuVersionRoute,
  getOrganizationMenuRoute,
  listMenuVersionsRoute,
  setUserMenuExclusionsRoute,
  updateMenuVersionRoute,
} from "#common/contracts/menu-versions";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { assignMenuVersion, getOrganizationMenu, setUserMenuExclusions } from "./menu-assignments.service.ts";
import { createMenuVersion, listMenuVersions, updateMenuVersion } from "./menu-versions.service.ts";

export interface MenuVersionRouteDeps {
  db: Database;
  access: AccessSettings;
}

/** User ids are ours (UUIDs) or Better Auth's (letters and digits); anything else names nobody. */
const userIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A path id that cannot exist is answered like an unknown one: 404, never a database error. */
function pathId(c: Context<AppEnv>, name: string, schema: z.ZodType<string>, message: string): string {
  const parsed = schema.safeParse(c.req.param(name));
  if (!parsed.success) throw new AppError("not_found", message);
  return parsed.data;
}

const menuVersionId = (c: Context<AppEnv>) => pathId(c, "menuVersionId", z.uuid(), "Menu version not found");
const organizationId = (c: Context<AppEnv>) => pathId(c, "organizationId", z.uuid(), "Organization not found");
const userId = (c: Context<AppEnv>) => pathId(c, "userId", userIdSchema, "User not found");

export function registerMenuVersionRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: MenuVersionRouteDeps) {
  const { db, access } = deps;
  bindRoute(router, listMenuVersionsRoute, guard, ({ c }) => listMenuVersions(db, requireCaller(c), access));
  bindRoute(router, createMenuVersionRoute, guard, ({ c, body }) => createMenuVersion(db, requireCaller(c), access, body));
  bindRoute(router, updateMenuVersionRoute, guard, ({ c, body }) =>
    updateMenuVersion(db, requireCaller(c), access, menuVersionId(c), body),
  );
  bindRoute(router, getOrganizationMenuRoute, guard, ({ c }) => getOrganizationMenu(db, requireCaller(c), access, organizationId(c)));
  bindRoute(router, assignMenuVersionRoute, guard, ({ c, body }) =>
    assignMenuVersion(db, requireCaller(c), access, organizationId(c), body.menu_version),
  );
  bindRoute(router, setUserMenuExclusionsRoute, guard, ({ c, body }) =>
    setUserMenuExclusions(db, requireCaller(c), access, userId(c), body.items),
  );
}
