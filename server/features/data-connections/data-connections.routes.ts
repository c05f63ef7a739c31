import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  createConnectionRoute,
  deleteConnectionRoute,
  getConnectionRoute,
  listConnectionsRoute,
  testConnectionRoute,
  updateConnectionRoute,
} from "#common/contracts/data-connections";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { createConnectionTestLimiter } from "./connection-test-limiter.ts";
import { testConnection } from "./connection-test.service.ts";
import { changeConnection, createConnection } from "./connection-writes.service.ts";
import { CONNECTION_NOT_FOUND, type DataConnectionDeps, getConnection, listConnections, removeConnection } from "./data-connections.service.ts";

const connectionIdSchema = z.uuid();

/** An id that cannot exist is answered like an unknown one: 404, never a database error. */
function connectionId(c: Context<AppEnv>): string {
  const parsed = connectionIdSchema.safeParse(c.req.param("connectionId"));
  if (!parsed.success) throw new AppError("not_found", CONNECTION_NOT_FOUND);
  return parsed.data;
}

export function registerDataConnectionRoutes(
  router: Hono<AppEnv>,
  guard: RouteGuard,
  wiring: Omit<DataConnectionDeps, "connectionTests"> & Partial<Pick<DataConnectionDeps, "connectionTests">>,
) {
  const deps: DataConnectionDeps = { ...wiring, connectionTests: wiring.connectionTests ?? createConnectionTestLimiter() };
  const { db } = deps;
  const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
  bindRoute(router, listConnectionsRoute, guard, ({ c }) => listConnections(db, organizationOf(c)));
  bindRoute(router, getConnectionRoute, guard, ({ c }) => getConnection(db, organizationOf(c), connectionId(c)));
  bindRoute(router, createConnectionRoute, guard, async ({ c, body }) => {
    const result = await createConnection(deps, organizationOf(c), requireCaller(c), body, c.get("logger"));
    // 201 for a new connection; the existing one is answered with 200.
    return result.created ? result : c.json(result, 200);
  });
  bindRoute(router, updateConnectionRoute, guard, ({ c, body }) => changeConnection(deps, organizationOf(c), connectionId(c), body, c.get("logger")));
  bindRoute(router, deleteConnectionRoute, guard, ({ c }) => removeConnection(deps, organizationOf(c), connectionId(c), c.get("logger")));
  bindRoute(router, testConnectionRoute, guard, ({ c, body }) => testConnection(deps, organizationOf(c), body, c.get("logger")));
}
