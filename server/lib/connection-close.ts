import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-context.ts";

/**
 * Adds `Connection: close` to an answer sent before the request had fully arrived: a body over
 * the limit (413), an upload refused midway, a refusal that never reads the body. Nobody reads the
 * rest of such a body (@hono/node-server's drain stalls once the body stream has started, and
 * closes the socket after half a second), so the connection cannot serve another request; saying
 * so keeps a keep-alive client from sending its next one there.
 */
export function closeConnectionWhenBodyUnread(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // Set only when served over Node's HTTP server; in-process calls have no connection.
    const incoming = c.env?.incoming;
    if (incoming && !incoming.complete) c.header("connection", "close");
  };
}
