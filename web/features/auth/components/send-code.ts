import { loadAuthClient } from "#web/lib/session.ts";
import { type AuthFailure, runAuthCall } from "./auth-failure.ts";

/** What a code is for: signing in, or resetting a forgotten password. */
export type CodePurpose = "sign-in" | "reset";

/**
 * Asks for a one-time code by email. The server answers the same whether or not an account uses
 * the address (and never creates one), so success only means the request was accepted.
 */
export function sendCode(email: string, purpose: CodePurpose): Promise<AuthFailure | null> {
  return runAuthCall(async () => {
    const authClient = await loadAuthClient();
    return purpose === "reset"
      ? authClient.emailOtp.requestPasswordReset({ email })
      : authClient.emailOtp.sendVerificationOtp({ email, type: "sign-in" });
  });
}
