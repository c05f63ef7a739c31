import pino, { type Logger } from "pino";

export type { Logger };

/** JSON logs (stdout unless told otherwise); secrets and cookies are redacted wherever they appear. */
export function createLogger(level: string, destination: pino.DestinationStream = pino.destination(1)): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          "req.headers.cookie",
          "req.headers.authorization",
          "password",
          "*.password",
          "secret",
          "*.secret",
          // Data-connection details carry credentials (decision 023).
          "connection_config",
          "*.connection_config",
          "connectionConfig",
          "*.connectionConfig",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
