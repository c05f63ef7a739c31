import type { MiddlewareHandler } from "hono";
import type { RouteAccess } from "#common/contracts/http";
import type { AccessItemId } from "#common/domain/navigation-items";
import type { AppEnv } from "./app-context.ts";

/** Builds the middleware that enforces a route's declared access level and, if any, its gating item. */
export type RouteGuard = (access: RouteAccess, item?: AccessItemId) => MiddlewareHandler<AppEnv>;
