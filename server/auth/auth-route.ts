import type { Context } from "hono";
import type { ErrorCode } from "#common/errors";
import type { AppEnv } from "#server/lib/app-context";
import { getClientIp } from "#server/lib/client-ip";
import { errorBody } from "#server/lib/error-handler";
import { NUL_MESSAGE, findBodyProblem } from "#server/lib/text-checks";
import { type Auth, CLIENT_IP_HEADER } from "./auth.ts";

const codeByStatus: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  422: "validation_failed",
  429: "rate_limited",
};

/** The portal's checks of a JSON body (NUL, depth), made on what Better Auth is about to read. */
function findAuthBodyProblem(text: string): string | null {
  if (text.includes("\u0000") || text.includes("\\u0000")) return NUL_MESSAGE;
  try {
    return findBodyProblem(JSON.parse(text));
  } catch {
    return null; // not JSON: Better Auth answers it
  }
}

/**
 * Hands /api/auth/* to Better Auth with the client address it rate-limits by, and rewrites its
 * failures into the portal's one error body, keeping Better Auth's own code (lower-cased).
 */
export async function handleAuthRequest(auth: Auth, c: Context<AppEnv>, trustProxy: boolean): Promise<Response> {
  if (c.req.method === "POST") {
    const problem = findAuthBodyProblem(await c.req.raw.clone().text());
    if (problem) return c.json(errorBody("bad_request", problem), 400);
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, getClientIp(c, trustProxy));
  const response = await auth.handler(new Request(c.req.raw, { headers }));
  const outHeaders = new Headers(response.headers);
  outHeaders.set("x-request-id", c.get("requestId"));
  if (response.status < 400) {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: outHeaders });
  }
  const payload = (await response.json().catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined;
  const fallbackCode = codeByStatus[response.status] ?? (response.status >= 500 ? "internal" : "bad_request");
  const code = response.status === 429 ? "rate_limited" : typeof payload?.code === "string" ? payload.code.toLowerCase() : fallbackCode;
  const message =
    typeof payload?.message === "string" && payload.message
      ? payload.message
      : response.status === 429
        ? "Too many requests. Please wait a minute and try again."
        : "The request could not be processed";
  outHeaders.set("content-type", "application/json");
  outHeaders.delete("content-length");
  return new Response(JSON.stringify(errorBody(code, message)), { status: response.status, headers: outHeaders });
}
