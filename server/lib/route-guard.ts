import type { MiddlewareHandler } from "hono";
import type { RouteAccess } from "#common/contracts/http";
import type { AppEnv } from "./app-context.ts";

/** Builds the middleware that enforces a route's declared access level. */
export type RouteGuard = (access: RouteAccess) => MiddlewareHandler<AppEnv>;
