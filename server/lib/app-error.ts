import { type ErrorCode, errorStatus } from "#common/errors";

/** An expected failure with a code, a status and a message safe to show to the caller. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
    this.status = errorStatus[code];
  }
}

/** PostgreSQL's unique_violation, raised by a unique index or constraint. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE is on the cause.
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
