import type { Context } from "hono";
import type { AppEnv } from "./app-context.ts";

/**
 * The caller's address: the socket's, or the first X-Forwarded-For hop when the server runs
 * behind a proxy it trusts (TRUST_PROXY). In-process requests (tests) have no socket.
 */
export function getClientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? "local";
}
