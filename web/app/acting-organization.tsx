import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet } from "react-router";
import { PageError } from "#web/components/page-error.tsx";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { employeeOrganizationsQuery } from "#web/features/organizations/organization-queries.ts";
import { RealtimeProvider } from "#web/lib/realtime/realtime-provider.tsx";
import {
  clearSelectedOrganization,
  resolveEmployeeOrganization,
  useSelectedOrganizationId,
} from "#web/lib/selected-organization.ts";
import { PageLoading } from "./page-loading.tsx";

/**
 * Settles which organization the signed-in user acts for before any organization's data is
 * requested (spec §4): a member, their profile's (no header sent); an employee, the saved choice
 * if still listed, else the first organization. Then opens the realtime stream for it.
 */
export function ActingOrganization() {
  const me = useQuery(currentUserQuery);
  const isEmployee = me.data?.is_employee === true;
  const organizations = useQuery({ ...employeeOrganizationsQuery, enabled: isEmployee });
  const selectedId = useSelectedOrganizationId();

  useEffect(() => {
    if (me.data && !me.data.is_employee) clearSelectedOrganization();
  }, [me.data]);
  useEffect(() => {
    if (isEmployee && organizations.data) resolveEmployeeOrganization(organizations.data);
  }, [isEmployee, organizations.data]);

  if (me.isPending) return <PageLoading />;
  // A failed refresh keeps the profile already read; only a first read that fails stops here.
  if (me.isError && !me.data) return <LoadFailed error={me.error} onRetry={() => void me.refetch()} />;

  if (!me.data.is_employee) {
    // A selection left from an employee in this tab is cleared first: members never send one.
    if (selectedId !== null) return <PageLoading />;
    return (
      <RealtimeProvider enabled>
        <Outlet />
      </RealtimeProvider>
    );
  }

  if (organizations.isPending) return <PageLoading />;
  if (organizations.isError) return <LoadFailed error={organizations.error} onRetry={() => void organizations.refetch()} />;
  const listed = organizations.data.some((organization) => organization.id === selectedId);
  // With no organization at all the shell still opens (it offers to create one), without a stream.
  if (organizations.data.length > 0 && !listed) return <PageLoading />;
  return (
    <RealtimeProvider enabled={selectedId !== null} organizationId={selectedId}>
      <Outlet />
    </RealtimeProvider>
  );
}

function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <main className="mx-auto max-w-lg p-8">
      <PageError error={error} onRetry={onRetry} />
    </main>
  );
}
