import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Logger } from "pino";
import { COMMON_PASSWORD_MESSAGE } from "#common/contracts/auth";
import type { Database } from "#server/db/database";
import type { Mailer } from "#server/mail/mailer";
import { buildPasswordChangedMessage } from "#server/mail/messages";
import { isCommonPassword } from "./password-policy.ts";
import { updateLastSignIn } from "./sign-in.queries.ts";

export interface AuthHookDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  clientIpHeader: string;
}

/** Where each endpoint that sets a password carries the new one. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/email-otp/reset-password": "password",
};

const SIGN_IN_PATHS = new Set(["/sign-in/email", "/sign-in/email-otp", "/callback/:id"]);

function bodyField(body: unknown, field: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" ? value : undefined;
}

/**
 * Refuses the most common passwords wherever a new password is set, makes every password change
 * revoke the user's other sessions, and logs who signs out (afterwards the session, and so the
 * user, is gone).
 */
export function createBeforeHook(deps: Pick<AuthHookDeps, "logger" | "clientIpHeader">) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/sign-out") {
      const session = await getSessionFromCtx(ctx).catch(() => null);
      const ip = ctx.headers?.get(deps.clientIpHeader) ?? undefined;
      if (session) deps.logger.info({ event: "auth.sign_out", userId: session.user.id, ip }, "auth: signed out");
      return;
    }
    const field = NEW_PASSWORD_FIELD[ctx.path];
    const password = field ? bodyField(ctx.body, field) : undefined;
    if (password !== undefined && isCommonPassword(password)) {
      throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD_MESSAGE });
    }
    if (ctx.path === "/change-password" && isPlainObject(ctx.body)) {
      // Better Auth revokes only when the client asks; a changed password must end every other session.
      return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
    }
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Logs authentication events (sign-in, failure, password change and reset), records the time of
 * each sign-in on the profile and mails the password-changed notice.
 */
export function createAfterHook(deps: AuthHookDeps) {
  const { db, mailer, logger } = deps;
  const notifyPasswordChanged = (email: string) => {
    void mailer.send(buildPasswordChangedMessage(email, new Date())).catch((error: unknown) => {
      logger.error({ err: error, email }, "auth: the password-changed notice could not be sent");
    });
  };
  return createAuthMiddleware(async (ctx) => {
    const failed = ctx.context.returned instanceof APIError && ctx.context.returned.statusCode >= 400;
    const ip = ctx.headers?.get(deps.clientIpHeader) ?? undefined;
    const email = bodyField(ctx.body, "email")?.toLowerCase();
    const newSession = ctx.context.newSession;

    if (SIGN_IN_PATHS.has(ctx.path)) {
      if (newSession) {
        await updateLastSignIn(db, newSession.user.id, new Date());
        logger.info({ event: "auth.sign_in", userId: newSession.user.id, method: ctx.path, ip }, "auth: signed in");
      } else {
        logger.warn({ event: "auth.sign_in_failed", email, method: ctx.path, ip }, "auth: sign-in failed");
      }
      return;
    }
    if (ctx.path === "/change-password") {
      const user = ctx.context.session?.user;
      if (failed || !user) {
        logger.warn({ event: "auth.password_change_failed", userId: user?.id, ip }, "auth: password change refused");
        return;
      }
      // Better Auth answers a new session token exactly when it deleted every session of the user.
      const revoked = typeof (ctx.context.returned as { token?: unknown } | undefined)?.token === "string";
      if (revoked) {
        logger.info({ event: "auth.password_changed", userId: user.id, ip, sessionsRevoked: "others" }, "auth: password changed; every other session revoked");
      } else {
        logger.error({ event: "auth.password_changed", userId: user.id, ip, sessionsRevoked: "none" }, "auth: password changed, but the other sessions were kept");
      }
      notifyPasswordChanged(user.email);
      return;
    }
    if (ctx.path === "/email-otp/reset-password" && email) {
      if (failed) {
        logger.warn({ event: "auth.password_reset_failed", email, ip }, "auth: password reset refused");
        return;
      }
      // The condition under which Better Auth's reset deletes the sessions.
      if (ctx.context.options.emailAndPassword?.revokeSessionsOnPasswordReset) {
        logger.info({ event: "auth.password_reset", email, ip, sessionsRevoked: "all" }, "auth: password reset with a one-time code; every session revoked");
      } else {
        logger.error({ event: "auth.password_reset", email, ip, sessionsRevoked: "none" }, "auth: password reset with a one-time code, but the sessions were kept");
      }
      notifyPasswordChanged(email);
    }
  });
}
