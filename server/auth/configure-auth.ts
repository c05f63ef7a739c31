import type { Logger } from "pino";
import type { Database } from "#server/db/database";
import type { ServerConfig } from "#server/env";
import type { Mailer } from "#server/mail/mailer";
import { type Auth, type PasswordHasher, createAuth } from "./auth.ts";
import { resolveAuthSecret } from "./auth-secret.ts";

export interface ConfiguredAuth {
  auth: Auth;
  secret: string;
}

/** Better Auth as the configuration says: one place for the server and the CLI. */
export async function configureAuth(
  config: ServerConfig,
  db: Database,
  mailer: Mailer,
  logger: Logger,
  passwordHasher?: PasswordHasher,
): Promise<ConfiguredAuth> {
  const { env } = config;
  const secret = await resolveAuthSecret(db, env.BETTER_AUTH_SECRET);
  const auth = createAuth({
    db,
    secret,
    baseUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    rateLimit: {
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      max: env.AUTH_RATE_LIMIT_MAX,
      signInWindowSeconds: env.AUTH_SIGN_IN_RATE_LIMIT_WINDOW_SECONDS,
      signInMax: env.AUTH_SIGN_IN_RATE_LIMIT_MAX,
      codeWindowSeconds: env.AUTH_CODE_RATE_LIMIT_WINDOW_SECONDS,
      codeMax: env.AUTH_CODE_RATE_LIMIT_MAX,
    },
    sso: config.sso,
    mailer,
    logger,
    passwordHasher,
  });
  return { auth, secret };
}
