import { Navigate } from "react-router";
import { PageError } from "#web/components/page-error.tsx";
import { useAccess } from "#web/lib/access-query.ts";
import { PageLoading } from "./page-loading.tsx";
import { hasShellPage } from "./shell/shell-pages.ts";

const LAUNCH_PLAN_PATH = "/system-refinement";

/**
 * "/" (spec §2): the Launch Plan when it is open to the user, else the dashboard. The access
 * answer's page verdict decides, as the route guard would, so "/" never leads to a refusal (and a
 * refused /system-refinement sends to /dashboard, never back here).
 */
export default function HomeRedirect() {
  const access = useAccess();
  if (access.data) {
    const launchPlanOpen = access.data.pages["system-refinement"]?.allowed === true && hasShellPage(LAUNCH_PLAN_PATH);
    return <Navigate to={launchPlanOpen ? LAUNCH_PLAN_PATH : "/dashboard"} replace />;
  }
  if (access.isError) return <PageError error={access.error} onRetry={() => void access.refetch()} />;
  return <PageLoading />;
}
