import { useState } from "react";
import { useHref } from "react-router";
import type { SignInOptions } from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { loadAuthClient } from "#web/lib/session.ts";
import { describeAuthFailure, runAuthCall } from "./auth-failure.ts";
import { buildOAuthCallbackPath } from "./auth-paths.ts";

export const DEFAULT_SSO_LABEL = "Sign in with SSO";

/** Single sign-on, shown only when the server has a provider configured. */
export function SsoSignInButton({ sso, redirectTarget }: { sso: SignInOptions["sso"]; redirectTarget: string }) {
  // useHref adds the app's base path (/MemberPortal) to these in-app paths.
  const callbackURL = useHref(buildOAuthCallbackPath(redirectTarget));
  const errorCallbackURL = useHref("/oauth/callback");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!sso) return null;

  const start = async () => {
    setError(null);
    setPending(true);
    // On success the client sends the browser to the provider; the page stays until it leaves.
    const failure = await runAuthCall(async () =>
      (await loadAuthClient()).signIn.social({ provider: sso.providerId, callbackURL, errorCallbackURL }),
    );
    if (failure) {
      setPending(false);
      setError(describeAuthFailure(failure).message);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-[var(--color-muted-foreground)]" aria-hidden="true">
        <span className="h-px flex-1 bg-[var(--color-border)]" />
        or
        <span className="h-px flex-1 bg-[var(--color-border)]" />
      </div>
      {error ? (
        <div role="alert" className="rounded-md border border-[var(--color-destructive)] px-3 py-2 text-sm text-[var(--color-destructive)]">
          {error}
        </div>
      ) : null}
      <Button type="button" variant="outline" className="w-full" disabled={pending} onClick={() => void start()}>
        {sso.label.trim() || DEFAULT_SSO_LABEL}
      </Button>
    </div>
  );
}
