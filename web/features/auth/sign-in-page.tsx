import { useQuery } from "@tanstack/react-query";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { toSafeRedirectTarget } from "#common/domain/redirect-target";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { signInOptionsQuery } from "./sign-in-options-api.ts";
import { SsoSignInButton } from "./sso-sign-in-button.tsx";
import { useSessionState } from "./use-session.ts";

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
    <main className="flex min-h-full items-center justify-center bg-[var(--color-muted)] p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-xl font-semibold">Member Portal</h1>
          <CardTitle className="text-base font-normal text-[var(--color-muted-foreground)]">
            Sign in to your account
          </CardTitle>
          <CardDescription>Use the email address your organization was invited with.</CardDescription>
        </CardHeader>
        <div className="space-y-4">
          <SignInForm redirectTarget={target} onSignedIn={() => navigate(target, { replace: true })} />
          <SsoSignInButton sso={options.data?.sso ?? null} redirectTarget={target} />
        </div>
      </Card>
    </main>
  );
}
