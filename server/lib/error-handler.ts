import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody, ErrorCode } from "#common/errors";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailableError } from "#server/db/database-unavailable";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./app-context.ts";

export function errorBody(code: ErrorCode | string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

const httpExceptionCodes: Record<number, ErrorCode> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  429: "rate_limited",
};

/** Turns any thrown error into the one error body; unexpected ones are logged, never echoed. */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    return c.json(errorBody(error.code, error.message, error.details), error.status as ContentfulStatusCode);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = httpExceptionCodes[error.status] ?? "bad_request";
    return c.json(errorBody(code, error.message || "The request could not be processed"), error.status);
  }
  if (isDatabaseUnavailableError(error)) {
    // A restart or an outage, not a bug: the client may retry, and the log is a warning.
    (c.get("logger") ?? console).warn({ err: error }, "database unavailable");
    c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(errorBody("unavailable", DATABASE_UNAVAILABLE_MESSAGE), 503);
  }
  (c.get("logger") ?? console).error({ err: error }, "unhandled error");
  return c.json(errorBody("internal", "Something went wrong on our side. Please try again."), 500);
}

export function handleNotFound(c: Context<AppEnv>) {
  return c.json(errorBody("not_found", `No route for ${c.req.method} ${c.req.path}`), 404);
}
