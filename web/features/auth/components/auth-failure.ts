import { COMMON_PASSWORD_MESSAGE } from "#common/contracts/auth";

/** What a refused Better Auth call reported: HTTP status (0 when unreachable), lower-cased code, message. */
export interface AuthFailure {
  status: number;
  code: string;
  message?: string;
}

/** The messages of the one-time-code screens (e2e tests match them exactly). */
export const AUTH_MESSAGES = {
  invalidCode: "That code is not correct. Check the email and try again.",
  expiredCode: "That code has expired. Send a new one.",
  tooManyAttempts: "Too many wrong attempts. Send a new code.",
  rateLimited: "Too many requests. Please wait a moment and try again.",
  network: "Cannot reach the server. Check your connection and try again.",
  codeOnItsWay: "If an account uses this email, a code is on its way.",
  newCodeOnItsWay: "If an account uses this email, a new code is on its way.",
  passwordUpdated: "Password updated",
} as const;

type AuthResult = { error: unknown };

/**
 * Runs a Better Auth client call and returns null when it succeeded, else what went wrong. The
 * portal answers errors as { error: { code, message } }, which the client nests under `error`.
 */
export async function runAuthCall(call: () => Promise<AuthResult>): Promise<AuthFailure | null> {
  let result: AuthResult;
  try {
    result = await call();
  } catch {
    return { status: 0, code: "network_error" };
  }
  if (!result.error) return null;
  const error = result.error as { status?: number; code?: string; message?: string; error?: { code?: string; message?: string } };
  const code = error.error?.code ?? error.code ?? "";
  const message = error.error?.message ?? error.message;
  return { status: error.status ?? 0, code: code.toLowerCase(), ...(message ? { message } : {}) };
}

/** Where a failure is shown: on the code field, on the new password field, or for the whole form. */
export type FailureTarget = "code" | "password" | "form";

/** A message the user can act on, and where to show it. */
export interface DescribedFailure {
  message: string;
  target: FailureTarget;
}

export function describeAuthFailure(failure: AuthFailure): DescribedFailure {
  if (failure.status === 429 || failure.code === "rate_limited") return { message: AUTH_MESSAGES.rateLimited, target: "form" };
  if (failure.status === 0) return { message: AUTH_MESSAGES.network, target: "form" };
  switch (failure.code) {
    // user_not_found: a code for an address without an account says no more than a wrong code.
    case "invalid_otp":
    case "user_not_found":
      return { message: AUTH_MESSAGES.invalidCode, target: "code" };
    case "otp_expired":
      return { message: AUTH_MESSAGES.expiredCode, target: "code" };
    case "too_many_attempts":
      return { message: AUTH_MESSAGES.tooManyAttempts, target: "code" };
    case "password_too_common":
      return { message: failure.message || COMMON_PASSWORD_MESSAGE, target: "password" };
    case "password_too_short":
    case "password_too_long":
      return { message: failure.message || "Choose another password", target: "password" };
    default:
      return { message: failure.message || "Something went wrong. Please try again.", target: "form" };
  }
}
