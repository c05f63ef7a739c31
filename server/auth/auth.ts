import { betterAuth } from "better-auth";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#common/contracts/auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Logger } from "pino";
import type { Database } from "#server/db/database";
import { accounts, rateLimits, sessions, users, verifications } from "#server/db/schema/index";

/** Set by the server from the socket (or a trusted proxy); any value a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-portal-client-ip";

export interface AuthSettings {
  db: Database;
  secret: string;
  baseUrl: string;
  trustedOrigins: string[];
  rateLimit: { windowSeconds: number; max: number; signInMax: number };
  logger: Logger;
}

export function createAuth(settings: AuthSettings) {
  const { rateLimit } = settings;
  return betterAuth({
    appName: "Member Portal",
    baseURL: settings.baseUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    trustedOrigins: settings.trustedOrigins,
    database: drizzleAdapter(settings.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by operators and invitations, never by open sign-up.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Every request reads the session row, so a signed-out or revoked session dies at once.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: rateLimit.windowSeconds,
      max: rateLimit.max,
      customRules: {
        "/sign-in/email": { window: rateLimit.windowSeconds, max: rateLimit.signInMax },
      },
    },
    advanced: {
      // Better Auth skips its origin check when NODE_ENV=test; tests must see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: settings.baseUrl.startsWith("https://"),
    },
    telemetry: { enabled: false },
    // Refused requests are the caller's mistake: logged at debug, never through console.error.
    onAPIError: {
      onError: (error) => {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (typeof status === "number" && status < 500) settings.logger.debug({ err: error }, "auth: request refused");
        else settings.logger.error({ err: error }, "auth: request failed");
      },
    },
    logger: {
      log: (level, message, ...args) => {
        // Better Auth reports client mistakes ("State not found") as errors; only a thrown Error is ours.
        const serverFault = level === "error" && args.some((arg) => arg instanceof Error);
        const method = level === "debug" || level === "info" ? level : serverFault ? "error" : "warn";
        settings.logger[method]({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
