import { Navigate, Outlet, useLocation } from "react-router";
import { buildSignInPath } from "#common/domain/redirect-target";
import { consumeDeliberateSignOut, useSessionState } from "#web/features/auth/use-session.ts";
import { RealtimeProvider } from "#web/lib/realtime/realtime-provider.tsx";
import { PageLoading } from "./page-loading.tsx";

/** Every route but the public ones: signed-out users go to /auth, remembering where they were. */
export function RequireSession() {
  const session = useSessionState();
  const location = useLocation();
  if (session.status === "loading") return <PageLoading />;
  if (session.status === "signed-out") {
    if (consumeDeliberateSignOut()) return <Navigate to="/auth" replace />;
    return <Navigate to={buildSignInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return (
    <RealtimeProvider enabled>
      <Outlet />
    </RealtimeProvider>
  );
}
