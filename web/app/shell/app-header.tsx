import { useQuery } from "@tanstack/react-query";
import { Menu } from "lucide-react";
import { Suspense, lazy } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { GetHelpButton } from "#web/features/action-log/components/help/get-help-button.tsx";
import { actingOrganizationQuery, employeeOrganizationsQuery } from "#web/features/organizations/organization-queries.ts";
import { PricingSummaryButton } from "#web/features/pricing-estimates/components/pricing-summary-button.tsx";
import { NotificationBell } from "#web/features/notifications/notification-bell.tsx";
import { useSelectedOrganizationId } from "#web/lib/selected-organization.ts";
import { RealtimeStatus } from "./realtime-status.tsx";
import { UserMenu } from "./user-menu.tsx";

// Only employees switch organizations: members do not download the combobox (cmdk, popover).
const OrganizationSwitcher = lazy(async () => ({ default: (await import("./organization-switcher.tsx")).OrganizationSwitcher }));

export function AppHeader({ email, onOpenNavigation }: { email: string; onOpenNavigation: () => void }) {
  const me = useQuery(currentUserQuery);
  const isEmployee = me.data?.is_employee === true;
  const selectedId = useSelectedOrganizationId();
  // An employee's requests need a selection; without one there is no acting organization to ask for.
  const organization = useQuery({ ...actingOrganizationQuery, enabled: me.data !== undefined && (!isEmployee || selectedId !== null) });
  const organizations = useQuery({ ...employeeOrganizationsQuery, enabled: isEmployee });
  // The acting organization's own answer is the freshest (a rename); right after a switch it is
  // still loading, and the list has the name.
  const employeeOrganizationName =
    (organization.data && organization.data.id === selectedId ? organization.data.display_name : undefined) ??
    organizations.data?.find((item) => item.id === selectedId)?.organization_name ??
    "";

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-[var(--color-border)] px-3 sm:gap-3 sm:px-4">
      <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation" onClick={onOpenNavigation}>
        <Menu aria-hidden="true" />
      </Button>
      {isEmployee ? (
        <div className="flex min-w-0 flex-1 items-center">
          <Suspense
            fallback={
              <p className="min-w-0 truncate font-semibold" data-testid="organization-name">
                {employeeOrganizationName}
              </p>
            }
          >
            <OrganizationSwitcher name={employeeOrganizationName} />
          </Suspense>
        </div>
      ) : (
        <p className="min-w-0 flex-1 truncate font-semibold" data-testid="organization-name">
          {organization.data?.display_name ?? (organization.isError ? "No organization selected" : "")}
        </p>
      )}
      <RealtimeStatus />
      <PricingSummaryButton enabled={me.data !== undefined && (!isEmployee || selectedId !== null)} />
      <GetHelpButton enabled={me.data !== undefined && (!isEmployee || selectedId !== null)} />
      <NotificationBell />
      <UserMenu email={email} />
    </header>
  );
}
