import { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "#common/contracts/account";
import { startSession, stopKeepingSessionFresh } from "#web/lib/session.ts";
import { ANA } from "./current-user.tsx";
import type { FakeReply, RecordedRequest } from "./fake-api.ts";

/**
 * Better Auth's endpoints as the browser client calls them (basePath /api/auth), keyed as
 * installFakeApi keys its answers. The real client runs in the tests: only fetch is faked.
 */
export const AUTH = {
  getSession: "GET /api/auth/get-session",
  signInEmail: "POST /api/auth/sign-in/email",
  signInEmailOtp: "POST /api/auth/sign-in/email-otp",
  signInSocial: "POST /api/auth/sign-in/social",
  sendVerificationOtp: "POST /api/auth/email-otp/send-verification-otp",
  requestPasswordReset: "POST /api/auth/email-otp/request-password-reset",
  resetPassword: "POST /api/auth/email-otp/reset-password",
  changePassword: "POST /api/auth/change-password",
  signOut: "POST /api/auth/sign-out",
} as const;

/** Better Auth's user object for a portal user. */
function authUser(user: CurrentUser) {
  const at = "2030-01-01T00:00:00.000Z";
  return { id: user.id, email: user.email, name: user.full_name, emailVerified: true, image: null, createdAt: at, updatedAt: at };
}

/** What get-session answers for a signed-in user (a signed-out visitor gets `null`, with 200). */
export function authSession(user: CurrentUser = ANA) {
  const at = "2030-01-01T00:00:00.000Z";
  return {
    session: { id: "session-1", userId: user.id, token: "session-token", expiresAt: "2030-01-08T00:00:00.000Z", createdAt: at, updatedAt: at },
    user: authUser(user),
  };
}

/**
 * Better Auth's answers when each call succeeds, as its endpoints give them (the portal passes a
 * success through unchanged); `user` is who is signed in, or null for a signed-out visitor.
 */
export function authAnswers(user: CurrentUser | null = ANA): Record<string, FakeReply> {
  const signedInAs = authUser(user ?? ANA);
  return {
    [AUTH.getSession]: { body: user ? authSession(user) : null },
    [AUTH.signInEmail]: { body: { redirect: false, token: "session-token", user: signedInAs } },
    [AUTH.signInEmailOtp]: { body: { token: "session-token", user: signedInAs } },
    [AUTH.sendVerificationOtp]: { body: { success: true } },
    [AUTH.requestPasswordReset]: { body: { success: true } },
    [AUTH.resetPassword]: { body: { success: true } },
    [AUTH.changePassword]: { body: { token: null, user: signedInAs } },
    [AUTH.signOut]: { body: { success: true } },
  };
}

/**
 * A refusal as the portal answers it (server/auth/auth-route.ts): Better Auth's code, lower-cased,
 * in the portal's error body, with the HTTP status.
 */
export function authRefusal(status: number, code: string, message = "refused"): FakeReply {
  return { status, body: { error: { code, message } } };
}

/** Thrown by an answer: fetch rejects as it does when the server cannot be reached. */
export function unreachable(): never {
  throw new TypeError("Failed to fetch");
}

/** The calls made to Better Auth, in order: [route, body]. */
export function authCalls(requests: readonly RecordedRequest[]): [string, unknown][] {
  return requests.filter((request) => request.path.startsWith("/api/auth/")).map((request) => [`${request.method} ${request.path.split("?")[0]}`, request.body]);
}

/**
 * Puts web/lib/session.ts back as in a tab that never signed out nor kept the session fresh: the
 * files of a worker share the module, so a file that signs out (or keeps the session fresh) calls
 * this before and after its tests. A sign-out through signOutUser also leaves a flag in
 * web/features/auth/use-session.ts: such a file clears it too, with consumeDeliberateSignOut().
 */
export async function resetSessionState(): Promise<void> {
  stopKeepingSessionFresh();
  // As after a sign-in: "signed out in this tab" is forgotten (the client given holds nothing).
  await startSession(new QueryClient());
}
