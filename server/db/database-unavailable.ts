/**
 * Whether an error means the database could not be reached or went away mid-query (a restart, a
 * stopped server, a dropped connection) rather than that the query itself was wrong. Such a
 * request may succeed when retried shortly, so it is answered 503 with Retry-After, not 500.
 */

// SQLSTATE class 08 (connection exception) and the shutdown/start-up states of class 57.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
// node-postgres reports these without a code.
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

function isUnavailableCause(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known));
}

export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps the driver's error in `cause`; a refused connection to every address of a host
  // is an AggregateError of the refusals.
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (isUnavailableCause(current)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isUnavailableCause(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable while its database reconnects. Please try again in a few seconds.";
