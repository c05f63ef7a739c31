/**
 * Why a connection test failed, in words for the person who typed the details. Messages name the
 * host, port, user and database they were given, never the password; whatever a driver says that
 * is not recognised is passed on only after the password is cut out of it.
 */

/** A failure whose message is already written for the user. */
export class ConnectionTestFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectionTestFailure";
  }
}

export interface FailureContext {
  engine: "PostgreSQL" | "MySQL";
  host: string;
  port: number;
  database: string;
  username: string;
  password: string | undefined;
  timeoutMs: number;
}

interface DriverError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
}

const FALLBACK_MAX = 300;

export function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? "" : "s"}`;
}

export function timeoutMessage(context: Pick<FailureContext, "host" | "port" | "timeoutMs">): string {
  return `No answer from ${context.host}:${context.port} within ${formatSeconds(context.timeoutMs)}`;
}

/** A server that kept sending: whatever answers there, it is not a database finishing a short test. */
export function tooMuchDataMessage(context: Pick<FailureContext, "engine" | "host" | "port">, limitBytes: number): string {
  const mebibytes = limitBytes / (1024 * 1024);
  return `${context.host}:${context.port} sent more than ${mebibytes} MiB without finishing the test. Is it a ${context.engine} server?`;
}

/** The driver's own words without the password, control characters or excess length. */
function sanitize(text: string, password: string | undefined): string {
  let cleaned = text;
  if (password) cleaned = cleaned.split(password).join("[password]");
  cleaned = [...cleaned].map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? " " : char)).join("").trim();
  return cleaned.length > FALLBACK_MAX ? `${cleaned.slice(0, FALLBACK_MAX)}…` : cleaned;
}

function networkMessage(code: string, context: FailureContext): string | undefined {
  const where = `${context.host}:${context.port}`;
  switch (code) {
    case "ECONNREFUSED":
      return `Connection refused by ${where}`;
    case "ENOTFOUND":
    case "EAI_NONAME":
    case "EAI_NODATA":
      return `Host "${context.host}" was not found`;
    case "EAI_AGAIN":
      return `The name "${context.host}" could not be looked up right now (DNS did not answer); try again`;
    case "ETIMEDOUT":
      return timeoutMessage(context);
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${where} cannot be reached from the portal`;
    case "ECONNRESET":
    case "EPIPE":
    case "PROTOCOL_CONNECTION_LOST":
      return `${where} closed the connection. Is it a ${context.engine} server?`;
    case "HANDSHAKE_NO_SSL_SUPPORT":
      return "The server does not support SSL connections. Turn off Use SSL, or enable SSL on the server.";
    default:
      if (code.startsWith("ERR_SSL") || code === "EPROTO" || code.startsWith("ERR_TLS")) return `The SSL handshake with ${where} failed`;
      return undefined;
  }
}

function postgresMessage(code: string, message: string, context: FailureContext): string | undefined {
  switch (code) {
    case "28P01":
      return "The server refused the user name or password";
    case "28000":
      if (message.includes("pg_hba.conf")) {
        const hint = message.includes("no encryption") ? " Try turning on Use SSL." : "";
        return `The server does not accept connections from the portal for user "${context.username}" and database "${context.database}".${hint}`;
      }
      return "The server refused the user name or password";
    case "3D000":
      return `Database "${context.database}" does not exist`;
    case "42501":
      return `User "${context.username}" may not connect to database "${context.database}"`;
    case "53300":
      return "The server has too many connections open; try again later";
    case "57P03":
      return "The server is starting up or shutting down; try again later";
    case "57014":
      return timeoutMessage(context);
    default:
      return undefined;
  }
}

function mysqlMessage(code: string, context: FailureContext): string | undefined {
  switch (code) {
    case "ER_ACCESS_DENIED_ERROR":
    case "ER_ACCESS_DENIED_NO_PASSWORD_ERROR":
      return "The server refused the user name or password";
    case "ER_BAD_DB_ERROR":
      return `Database "${context.database}" does not exist`;
    case "ER_DBACCESS_DENIED_ERROR":
      return `User "${context.username}" may not access database "${context.database}"`;
    case "ER_HOST_NOT_PRIVILEGED":
    case "ER_HOST_IS_BLOCKED":
      return `${context.host}:${context.port} does not accept connections from the portal`;
    case "ER_CON_COUNT_ERROR":
    case "ER_TOO_MANY_USER_CONNECTIONS":
      return "The server has too many connections open; try again later";
    case "ER_SECURE_TRANSPORT_REQUIRED":
      return "The server accepts only SSL connections. Turn on Use SSL.";
    case "PROTOCOL_SEQUENCE_TIMEOUT":
      return timeoutMessage(context);
    default:
      return undefined;
  }
}

/** The user's words for whatever a test threw. */
export function describeConnectionError(error: unknown, context: FailureContext): string {
  if (error instanceof ConnectionTestFailure) return error.message;
  const driver = (error ?? {}) as DriverError;
  const code = typeof driver.code === "string" ? driver.code : "";
  const message = typeof driver.message === "string" ? driver.message : String(error);
  const known =
    networkMessage(code, context) ??
    (context.engine === "PostgreSQL" ? postgresMessage(code, message, context) : mysqlMessage(code, context));
  if (known) return known;
  if (context.engine === "PostgreSQL") {
    if (/timeout/i.test(message)) return timeoutMessage(context);
    if (message.includes("client password must be")) return "The server asks for a password: enter one";
    if (message.includes("does not support SSL")) return networkMessage("HANDSHAKE_NO_SSL_SUPPORT", context) as string;
    if (/Connection terminated unexpectedly/i.test(message)) return networkMessage("ECONNRESET", context) as string;
  }
  return `Could not connect to ${context.host}:${context.port}: ${sanitize(message, context.password) || "unknown error"}`;
}
