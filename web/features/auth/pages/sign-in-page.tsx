import { useQuery } from "@tanstack/react-query";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { toSafeRedirectTarget } from "#common/domain/redirect-target";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { signInOptionsQuery } from "#web/features/auth/api/sign-in-options-api.ts";
import { AuthPageFrame } from "#web/features/auth/components/auth-page-frame.tsx";
import { SignInForm } from "#web/features/auth/components/sign-in-form.tsx";
import { SsoSignInButton } from "#web/features/auth/components/sso-sign-in-button.tsx";
import { useSessionState } from "#web/features/auth/use-session.ts";

/** /auth: signs the user in and returns them to `redirectTo` (a path with its query). */
export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionState();
  // Asked alongside the session check; while it loads, or if it fails, there is just no SSO button.
  const options = useQuery(signInOptionsQuery);
  const target = toSafeRedirectTarget(params.get("redirectTo"));

  if (session.status === "loading") return <Spinner label="Loading page..." className="min-h-full" />;
  if (session.status === "signed-in") return <Navigate to={target} replace />;

  return (
    <AuthPageFrame title="Sign in to your account" description="Use the email address your organization was invited with.">
      <div className="space-y-4">
        <SignInForm redirectTarget={target} onSignedIn={() => navigate(target, { replace: true })} />
        <SsoSignInButton sso={options.data?.sso ?? null} redirectTarget={target} />
      </div>
    </AuthPageFrame>
  );
}
