import { z } from "zod";

/** Every error the API can answer with; the HTTP status is fixed per code. */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  no_organization: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
  mail_failed: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * Codes the web client gives a failure the server did not name: no answer arrived
 * (network_error), or the answer is not what the route's contract promises (unexpected_response).
 * The server never sends them.
 */
export type ClientErrorCode = "network_error" | "unexpected_response";

/** Every code a client's ApiError can carry. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorStatus, code);
}

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The error body in an answer, or null when it has none: the check errorBodySchema makes, written
 * out so that the web client reads errors without loading the schema library.
 */
export function readErrorBody(payload: unknown): ErrorBody | null {
  if (typeof payload !== "object" || payload === null || !("error" in payload)) return null;
  const { error } = payload;
  if (typeof error !== "object" || error === null || !("code" in error) || !("message" in error)) return null;
  const { code, message } = error;
  if (typeof code !== "string" || typeof message !== "string") return null;
  return { error: "details" in error && error.details !== undefined ? { code, message, details: error.details } : { code, message } };
}

/** One field's problem, as `details` carries it for validation_failed. */
export interface FieldIssue {
  path: string;
  message: string;
}
