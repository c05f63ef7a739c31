import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { buildSignInPath } from "#common/domain/redirect-target";
import { PageError } from "#web/components/page-error.tsx";
import { consumeDeliberateSignOut } from "#web/features/auth/use-session.ts";
import { useSessionState } from "#web/lib/current-user-query.ts";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { keepSessionFresh } from "#web/lib/session.ts";
import { ActingOrganization } from "./acting-organization.tsx";
import { PageLoading } from "./page-loading.tsx";

/**
 * Every route but the public ones: signed-out users go to /auth, remembering where they were. A
 * session check that failed otherwise (rate limit, server error, network) is shown with a retry:
 * it says nothing about the session, so it must not send a signed-in user to sign in.
 */
export function RequireSession() {
  const session = useSessionState();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedOut = session.status === "signed-out";
  const signedIn = session.status === "signed-in";

  // Whoever signs in next in this tab starts afresh: no cached data, no employee selection sent
  // (the saved preference stays in localStorage).
  useEffect(() => {
    if (!signedOut) return;
    clearSelectedOrganization();
    queryClient.clear();
  }, [signedOut, queryClient]);

  useEffect(() => {
    if (signedIn) keepSessionFresh(queryClient);
  }, [signedIn, queryClient]);

  if (session.status === "loading") return <PageLoading />;
  if (session.status === "unavailable") {
    return (
      <main className="mx-auto max-w-lg p-8">
        <PageError error={session.error} onRetry={session.retry} />
      </main>
    );
  }
  if (signedOut) {
    if (consumeDeliberateSignOut()) return <Navigate to="/auth" replace />;
    return <Navigate to={buildSignInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return <ActingOrganization />;
}
