import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { MenuVersion } from "#common/contracts/menu-versions";
import { DEFAULT_MENU_VERSION } from "#common/domain/menu-config";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { menuVersionsQuery, organizationMenuQuery, useAssignMenuVersion } from "./menu-versions-api.ts";
import { toastFailure } from "./menu-toasts.ts";

export interface AdministeredOrganization {
  id: string;
  organization_name: string;
}

/** Radix Select has no empty value: this one stands for "no version assigned". */
const DEFAULT_OPTION = "__default__";
const DEFAULT_LABEL = `Default (${DEFAULT_MENU_VERSION})`;
/** Each row asks for its organization's menu, so rows are shown a page at a time. */
const PAGE_SIZE = 25;

function VersionSelect({ organization, versions }: { organization: AdministeredOrganization; versions: readonly MenuVersion[] }) {
  const menu = useQuery(organizationMenuQuery(organization.id));
  const assign = useAssignMenuVersion();
  const name = organization.organization_name;

  if (menu.isPending) return <span className="text-sm text-[var(--color-muted-foreground)]">Loading…</span>;
  if (menu.isError) {
    return (
      <span className="flex flex-wrap items-center gap-2 text-sm">
        <span role="alert">{messageOf(menu.error, "Could not load the menu version.")}</span>
        <Button variant="outline" size="sm" onClick={() => void menu.refetch()} aria-label={`Try again for ${name}`}>
          Try again
        </Button>
      </span>
    );
  }
  const assigned = menu.data.menu_version;
  // Names match regardless of case; the select shows the version as listed.
  const current = assigned === null ? undefined : versions.find((version) => version.version_name.toLowerCase() === assigned.toLowerCase());
  const value = assigned === null ? DEFAULT_OPTION : (current?.version_name ?? assigned);

  const change = (next: string) => {
    if (next === value) return;
    const menuVersion = next === DEFAULT_OPTION ? null : next;
    assign.mutate(
      { organizationId: organization.id, menuVersion },
      {
        onSuccess: () => toast.success("Menu version assigned", { description: `${name} now uses ${menuVersion ?? DEFAULT_LABEL}.` }),
        onError: (error) => toastFailure(error, "Failed to assign the menu version. Please try again."),
      },
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Select value={value} onValueChange={change} disabled={assign.isPending}>
        <SelectTrigger className="w-56" aria-label={`Menu version for ${name}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={DEFAULT_OPTION}>{DEFAULT_LABEL}</SelectItem>
          {versions.map((version) => (
            <SelectItem key={version.id} value={version.version_name}>
              {version.is_active ? version.version_name : `${version.version_name} (inactive)`}
            </SelectItem>
          ))}
          {assigned !== null && !current ? <SelectItem value={assigned}>{`${assigned} (not found)`}</SelectItem> : null}
        </SelectContent>
      </Select>
      {assigned !== null && menu.data.effective_version !== (current?.version_name ?? assigned) ? (
        <span className="text-sm text-[var(--color-muted-foreground)]">In force: {menu.data.effective_version}</span>
      ) : null}
    </div>
  );
}

/**
 * The "Organizations" card: each organization's menu version, with a select assigning another
 * or none (the default, v1).
 */
export function OrganizationMenusSection({
  organizations,
  isPending,
  error,
  onRetry,
  note,
}: {
  organizations: readonly AdministeredOrganization[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Shown under the description (say, why the list is shorter than every organization). */
  note?: string;
}) {
  const versions = useQuery(menuVersionsQuery);
  const [filter, setFilter] = useState("");
  const [shown, setShown] = useState(PAGE_SIZE);

  const wanted = filter.trim().toLowerCase();
  const matching = (organizations ?? []).filter((organization) => organization.organization_name.toLowerCase().includes(wanted));
  const visible = matching.slice(0, shown);

  let content;
  if (error) content = <PageError error={error} onRetry={onRetry} />;
  else if (versions.isError) content = <PageError error={versions.error} onRetry={() => void versions.refetch()} />;
  else if (isPending || !organizations || versions.isPending) content = <Spinner label="Loading organizations..." />;
  else if (organizations.length === 0) content = <p className="text-sm text-[var(--color-muted-foreground)]">No organizations yet.</p>;
  else {
    content = (
      <div className="space-y-4">
        <div className="max-w-sm space-y-2">
          <Label htmlFor="organization-menu-filter">Filter organizations</Label>
          <Input
            id="organization-menu-filter"
            type="search"
            autoComplete="off"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setShown(PAGE_SIZE);
            }}
          />
        </div>
        {matching.length === 0 ? (
          <p className="text-sm text-[var(--color-muted-foreground)]">No organization matches “{filter.trim()}”.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Organization</TableHead>
                <TableHead>Menu version</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visible.map((organization) => (
                <TableRow key={organization.id}>
                  <TableCell className="font-medium">{organization.organization_name}</TableCell>
                  <TableCell>
                    <VersionSelect organization={organization} versions={versions.data} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {matching.length > visible.length ? (
          <Button variant="outline" onClick={() => setShown((count) => count + PAGE_SIZE)}>
            Show more organizations ({matching.length - visible.length} more)
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <Card aria-labelledby="organization-menus-title">
      <CardHeader>
        <CardTitle id="organization-menus-title">Organizations</CardTitle>
        <CardDescription>The menu version each organization uses. Changes reach its members' navigation at once.</CardDescription>
        {note ? <p className="text-sm">{note}</p> : null}
      </CardHeader>
      {content}
    </Card>
  );
}
