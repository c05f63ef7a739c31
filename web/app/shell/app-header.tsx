import { useQuery } from "@tanstack/react-query";
import { Menu } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { actingOrganizationQuery } from "#web/features/organizations/organization-api.ts";
import { RealtimeStatus } from "./realtime-status.tsx";
import { UserMenu } from "./user-menu.tsx";

export function AppHeader({ email, onOpenNavigation }: { email: string; onOpenNavigation: () => void }) {
  const organization = useQuery(actingOrganizationQuery);
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-[var(--color-border)] px-4">
      <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation" onClick={onOpenNavigation}>
        <Menu aria-hidden="true" />
      </Button>
      <p className="min-w-0 flex-1 truncate font-semibold" data-testid="organization-name">
        {organization.data?.display_name ?? (organization.isError ? "No organization selected" : "")}
      </p>
      <RealtimeStatus />
      <UserMenu email={email} />
    </header>
  );
}
