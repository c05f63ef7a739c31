import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { buildSignInPath } from "#common/domain/redirect-target";
import { consumeDeliberateSignOut, useSessionState } from "#web/features/auth/use-session.ts";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { ActingOrganization } from "./acting-organization.tsx";
import { PageLoading } from "./page-loading.tsx";

/** Every route but the public ones: signed-out users go to /auth, remembering where they were. */
export function RequireSession() {
  const session = useSessionState();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedOut = session.status === "signed-out";

  // Whoever signs in next in this tab starts afresh: no cached data, no employee selection sent
  // (the saved preference stays in localStorage).
  useEffect(() => {
    if (!signedOut) return;
    clearSelectedOrganization();
    queryClient.clear();
  }, [signedOut, queryClient]);

  if (session.status === "loading") return <PageLoading />;
  if (signedOut) {
    if (consumeDeliberateSignOut()) return <Navigate to="/auth" replace />;
    return <Navigate to={buildSignInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return <ActingOrganization />;
}
