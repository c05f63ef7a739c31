import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toSafeRedirectTarget } from "#common/domain/redirect-target";
import { signInOptionsQuery } from "#web/features/auth/api/sign-in-options-api.ts";
import { AuthPageFrame } from "#web/features/auth/components/auth-page-frame.tsx";
import { SignInForm } from "#web/features/auth/components/sign-in-form.tsx";
import { SsoSignInButton } from "#web/features/auth/components/sso-sign-in-button.tsx";
import { whenIdle } from "#web/lib/load-when-idle.ts";
import { loadAuthClient, startSession } from "#web/lib/session.ts";

/** /auth: signs the user in and returns them to `redirectTo` (a path with its query). */
export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Asked as the page opens; while it loads, or if it fails, there is just no SSO button.
  const options = useQuery(signInOptionsQuery);
  const target = toSafeRedirectTarget(params.get("redirectTo"));

  // The form shows at once. When the browser is idle the auth client loads (every button needs
  // it) and asks Better Auth for the session, which answers 200 with null when signed out (/api/me
  // would log a 401 for every signed-out visitor): a visitor already signed in goes on to the target.
  useEffect(() => {
    let active = true;
    const cancel = whenIdle(() => {
      void loadAuthClient()
        .then((client) => client.getSession())
        .then(async ({ data }) => {
          if (!active || !data) return;
          await startSession(queryClient);
          if (active) await navigate(target, { replace: true });
        })
        .catch(() => undefined);
    });
    return () => {
      active = false;
      cancel();
    };
  }, [queryClient, navigate, target]);

  return (
    <AuthPageFrame title="Sign in to your account" description="Use the email address your organization was invited with.">
      <div className="space-y-4">
        <SignInForm redirectTarget={target} onSignedIn={() => navigate(target, { replace: true })} />
        <SsoSignInButton sso={options.data?.sso ?? null} redirectTarget={target} />
      </div>
    </AuthPageFrame>
  );
}
