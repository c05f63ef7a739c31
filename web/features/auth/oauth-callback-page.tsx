import { Link, Navigate, useSearchParams } from "react-router";
import { buildSignInPath, toSafeRedirectTarget } from "#common/domain/redirect-target";
import { Card, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { FormAlert } from "./form-alert.tsx";
import { useSessionState } from "./use-session.ts";

export const SSO_MESSAGES = {
  noAccount: "No account uses this email. Ask your organization's administrator for an invitation.",
  unverifiedEmail:
    "Your identity provider did not confirm this email address, so it can't be matched to an account. Ask your administrator for help.",
  failed: "Single sign-on failed. Please try again.",
} as const;

/** Better Auth's `?error=` codes after the provider's round trip, in words. */
function describeSsoError(code: string): string {
  switch (code) {
    // disableSignUp refused a person without an account.
    case "signup_disabled":
      return SSO_MESSAGES.noAccount;
    // An existing user, but the provider did not vouch for the email, so no link was made.
    case "account_not_linked":
    case "unable_to_link_account":
    case "email_not_verified":
      return SSO_MESSAGES.unverifiedEmail;
    default:
      return SSO_MESSAGES.failed;
  }
}

/** /oauth/callback: where single sign-on ends; on success the session cookie is already set. */
export default function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const error = params.get("error");
  const target = toSafeRedirectTarget(params.get("redirectTo"));
  const session = useSessionState();

  if (!error && session.status === "signed-in") return <Navigate to={target} replace />;
  const waiting = !error && session.status === "loading";

  return (
    <main className="flex min-h-full items-center justify-center bg-[var(--color-muted)] p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-xl font-semibold">Member Portal</h1>
          <CardTitle className="text-base font-normal text-[var(--color-muted-foreground)]">Single sign-on</CardTitle>
        </CardHeader>
        {waiting ? (
          <Spinner label="Signing you in…" />
        ) : (
          <div className="space-y-4">
            <FormAlert message={error ? describeSsoError(error) : SSO_MESSAGES.failed} />
            <p className="text-center text-sm">
              <Link
                to={buildSignInPath(target)}
                className="font-medium text-[var(--color-primary)] underline-offset-4 hover:underline"
              >
                Back to sign in
              </Link>
            </p>
          </div>
        )}
      </Card>
    </main>
  );
}
