import { Navigate, useSearchParams } from "react-router";
import { toSafeRedirectTarget } from "#common/domain/redirect-target";
import { PageError } from "#web/components/page-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { AuthPageFrame, BackToSignInLink } from "#web/features/auth/components/auth-page-frame.tsx";
import { FormAlert } from "#web/features/auth/components/form-alert.tsx";
import { useSessionState } from "#web/lib/current-user-query.ts";

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
  // With an error there is no session to look for. The profile read here is the one the guard
  // then finds, so it sees the new user.
  const session = useSessionState({ enabled: !error });

  if (!error && session.status === "signed-in") return <Navigate to={target} replace />;
  const waiting = !error && session.status === "loading";

  return (
    <AuthPageFrame title="Single sign-on">
      {waiting ? (
        <Spinner label="Signing you in…" />
      ) : !error && session.status === "unavailable" ? (
        <div className="space-y-4">
          <PageError error={session.error} onRetry={session.retry} />
          <BackToSignInLink redirectTarget={target} />
        </div>
      ) : (
        <div className="space-y-4">
          <FormAlert message={error ? describeSsoError(error) : SSO_MESSAGES.failed} />
          <BackToSignInLink redirectTarget={target} />
        </div>
      )}
    </AuthPageFrame>
  );
}
