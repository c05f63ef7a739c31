import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP, genericOAuth } from "better-auth/plugins";
import type { Logger } from "pino";
import { OTP_EXPIRES_SECONDS, OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#common/contracts/auth";
import type { Database } from "#server/db/database";
import { accounts, rateLimits, sessions, users, verifications } from "#server/db/schema/index";
import type { SsoConfig } from "#server/env";
import type { Mailer } from "#server/mail/mailer";
import { buildOneTimeCodeMessage } from "#server/mail/messages";
import { createAfterHook, createBeforeHook } from "./auth-hooks.ts";

/** Set by the server from the socket (or a trusted proxy); any value a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-portal-client-ip";

/** The provider id single sign-on is registered under (its callback is /api/auth/callback/oidc). */
export const SSO_PROVIDER_ID = "oidc";

export interface RateLimitSettings {
  windowSeconds: number;
  max: number;
  signInWindowSeconds: number;
  signInMax: number;
  codeWindowSeconds: number;
  codeMax: number;
}

/** How passwords are hashed and checked; Better Auth's scrypt unless a runtime says otherwise. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export interface AuthSettings {
  db: Database;
  secret: string;
  baseUrl: string;
  trustedOrigins: string[];
  rateLimit: RateLimitSettings;
  sso: SsoConfig | null;
  mailer: Mailer;
  logger: Logger;
  passwordHasher?: PasswordHasher;
}

/** Per-path limits, kept in the database so they hold across instances and restarts. */
function buildRateLimitRules(limits: RateLimitSettings) {
  const signIn = { window: limits.signInWindowSeconds, max: limits.signInMax };
  const code = { window: limits.codeWindowSeconds, max: limits.codeMax };
  return {
    // Attempts with a secret: passwords and codes.
    "/sign-in/email": signIn,
    "/sign-in/email-otp": signIn,
    "/email-otp/check-verification-otp": signIn,
    "/email-otp/reset-password": signIn,
    "/change-password": signIn,
    // Requests that send an email.
    "/email-otp/send-verification-otp": code,
    "/email-otp/request-password-reset": code,
    "/forget-password/email-otp": code,
    // Reading one's own session proves nothing and guesses nothing: an office behind one address
    // loading pages must never be counted out of its sessions (a forged cookie reads as none).
    "/get-session": false as const,
  };
}

function buildPlugins(settings: AuthSettings) {
  const { mailer, logger, sso } = settings;
  const codes = emailOTP({
    otpLength: OTP_LENGTH,
    expiresIn: OTP_EXPIRES_SECONDS,
    allowedAttempts: 3,
    storeOTP: "hashed",
    // A code signs in an existing user; it never creates an account.
    disableSignUp: true,
    sendVerificationOTP: async ({ email, otp, type }) => {
      // Not awaited: answering at once, whether or not the address is known, keeps timing flat.
      void mailer.send(buildOneTimeCodeMessage(email, otp, type)).catch((error: unknown) => {
        logger.error({ err: error, email }, "auth: the one-time code could not be sent");
      });
    },
  });
  if (!sso) return [codes];
  const singleSignOn = genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        name: sso.label,
        discoveryUrl: `${sso.issuer}/.well-known/openid-configuration`,
        clientId: sso.clientId,
        clientSecret: sso.clientSecret,
        scopes: ["openid", "email", "profile"],
        pkce: true,
        requireIdTokenVerification: true,
        // Existing users only, matched by a verified email; nobody is created by signing in.
        disableSignUp: true,
        disableImplicitSignUp: true,
      },
    ],
  });
  return [codes, singleSignOn];
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
      revokeSessionsOnPasswordReset: true,
      ...(settings.passwordHasher ? { password: settings.passwordHasher } : {}),
    },
    account: {
      // Single sign-on links to an existing user only when the provider vouches for the email.
      accountLinking: { enabled: true, trustedProviders: [] },
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
      customRules: buildRateLimitRules(rateLimit),
    },
    plugins: buildPlugins(settings),
    hooks: {
      before: createBeforeHook({ logger: settings.logger, clientIpHeader: CLIENT_IP_HEADER }),
      after: createAfterHook({ db: settings.db, mailer: settings.mailer, logger: settings.logger, clientIpHeader: CLIENT_IP_HEADER }),
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
      // OAuth failures land on the portal's callback screen, which explains them.
      errorURL: `${settings.baseUrl}/oauth/callback`,
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
