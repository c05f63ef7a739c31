import { useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate, useNavigationType } from "react-router";
import { ACCESS_RESTRICTED_TITLE } from "#common/domain/access";
import { normalizeRoutePath } from "#common/domain/navigation-items";
import { PageError } from "#web/components/page-error.tsx";
import { decideRouteAccess, isGuardedPath } from "#web/features/access/route-access.ts";
import { PageLoading } from "../page-loading.tsx";
import { useAccess } from "#web/lib/access-query.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";

/** One toast however often a denial is seen (StrictMode, a redirect bouncing back). */
const ACCESS_RESTRICTED_TOAST_ID = "access-restricted";

function isLoopStop(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { accessLoop?: unknown }).accessLoop === true;
}

/**
 * Guards the shell's pages with the rules of common/domain/access.ts (spec §6): a path some item
 * guards waits for the access answer; when refused, the toast "Access Restricted" gives the
 * reason and the user is sent, replacing the entry, to "/" (the ERP tenant page: /nda). Paths no
 * item guards, "/" among them, render at once, pages that do not exist yet included.
 */
export function RequireAccess() {
  const { pathname, search, hash, key, state } = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const access = useAccess();
  const guarded = isGuardedPath(pathname);
  const decision = guarded && access.data ? decideRouteAccess(pathname, access.data) : null;
  const reason = decision && !decision.allowed ? decision.reason : null;
  const redirectTo = decision && !decision.allowed ? decision.redirectTo : null;
  const loopStop = isLoopStop(state);
  // The refused paths of the current chain of redirects, with the entry each was refused on.
  const refusedOnTheWay = useRef(new Map<string, string>());

  useEffect(() => {
    if (reason === null || redirectTo === null || loopStop) return;
    lazyToast.error(ACCESS_RESTRICTED_TITLE, { id: ACCESS_RESTRICTED_TOAST_ID, description: reason });
    // Redirects replace entries; anything else is the user's own move and starts a new chain.
    if (navigationType !== "REPLACE") refusedOnTheWay.current.clear();
    const path = normalizeRoutePath(pathname);
    const refusedOn = refusedOnTheWay.current.get(path);
    if (refusedOn !== undefined && refusedOn !== key) {
      // The redirect led back here (say "/" forwards to a page this user may not open): stop and say why.
      void navigate({ pathname, search, hash }, { replace: true, state: { accessLoop: true } });
      return;
    }
    refusedOnTheWay.current.set(path, key);
    void navigate(redirectTo, { replace: true });
  }, [reason, redirectTo, loopStop, navigationType, pathname, search, hash, key, navigate]);

  if (!guarded) return <Outlet />;
  if (access.data === undefined) {
    if (access.isError) return <PageError error={access.error} onRetry={() => void access.refetch()} />;
    return <PageLoading />;
  }
  if (reason === null) return <Outlet />;
  if (!loopStop) return <PageLoading />;
  return (
    <div role="alert" className="mx-auto max-w-lg space-y-2 py-16 text-center">
      <h1 className="text-2xl font-semibold">{ACCESS_RESTRICTED_TITLE}</h1>
      <p className="text-sm text-[var(--color-muted-foreground)]">{reason}</p>
    </div>
  );
}
