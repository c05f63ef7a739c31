import type { RouteContract } from "#common/contracts/http";

/**
 * Recognises requests to routes that read a raw (non-JSON) body themselves, such as file uploads:
 * they enforce their own size limit while streaming, so the JSON body limit must not cut them off.
 */
export function matchRawBodyRoutes(routes: readonly RouteContract[]): (method: string, path: string) => boolean {
  const matchers = routes
    .filter((route) => route.rawBody)
    .map((route) => ({
      method: route.method.toUpperCase(),
      pattern: new RegExp(`^${route.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z0-9_]+/g, "[^/]+")}$`),
    }));
  return (method, path) => matchers.some((matcher) => matcher.method === method && matcher.pattern.test(path));
}
