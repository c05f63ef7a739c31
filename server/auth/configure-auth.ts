import type { Logger } from "pino";
import type { Database } from "#server/db/database";
import type { ServerConfig } from "#server/env";
import { type Auth, createAuth } from "./auth.ts";
import { resolveAuthSecret } from "./auth-secret.ts";

export interface ConfiguredAuth {
  auth: Auth;
  secret: string;
}

/** Better Auth as the configuration says: one place for the server and the CLI. */
export async function configureAuth(config: ServerConfig, db: Database, logger: Logger): Promise<ConfiguredAuth> {
  const secret = await resolveAuthSecret(db, config.env.BETTER_AUTH_SECRET);
  const auth = createAuth({
    db,
    secret,
    baseUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    rateLimit: {
      windowSeconds: config.env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      max: config.env.AUTH_RATE_LIMIT_MAX,
      signInMax: config.env.AUTH_SIGN_IN_RATE_LIMIT_MAX,
    },
    logger,
  });
  return { auth, secret };
}
