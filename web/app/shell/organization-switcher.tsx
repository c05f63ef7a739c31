import { useQuery } from "@tanstack/react-query";
import { Check, ChevronsUpDown, LayoutGrid, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "#web/components/ui/command.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "#web/components/ui/popover.tsx";
import { CreateOrganizationDialog } from "#web/features/organizations/create-organization-dialog.tsx";
import { employeeOrganizationsQuery } from "#web/features/organizations/organization-queries.ts";
import { cn } from "#web/lib/cn.ts";
import { selectEmployeeOrganization, useSelectedOrganizationId } from "#web/lib/selected-organization.ts";

const CREATE_ITEM_VALUE = "create-organization";
const PORTFOLIO_ITEM_VALUE = "portfolio";

// Items are valued by id (unique) and matched on their name only, as a plain substring.
function matchOrganizationName(_value: string, search: string, keywords?: string[]): number {
  const needle = search.trim().toLocaleLowerCase();
  return (keywords ?? []).some((keyword) => keyword.toLocaleLowerCase().includes(needle)) ? 1 : 0;
}

/**
 * Employees' organization switcher in the header (spec §2): a searchable list of every
 * organization, then the portfolio of them all and "Create organization" at the bottom. `name` is the acting organization's name.
 */
export function OrganizationSwitcher({ name }: { name: string }) {
  const organizations = useQuery(employeeOrganizationsQuery);
  const selectedId = useSelectedOrganizationId();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const label = name || "No organization selected";

  const choose = (id: string) => {
    setOpen(false);
    if (id !== selectedId) selectEmployeeOrganization(id);
  };

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            ref={trigger}
            variant="outline"
            role="combobox"
            aria-expanded={open}
            aria-label={`Organization: ${label}`}
            // Narrow screens give the name the padding: it is the one thing the header must show.
            className="min-w-0 max-w-72 justify-between max-sm:gap-1 max-sm:px-2"
          >
            <span className="truncate" data-testid="organization-name">
              {label}
            </span>
            <ChevronsUpDown aria-hidden="true" className="opacity-60" />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-72 p-0" aria-label="Switch organization">
          <Command label="Search organizations" filter={matchOrganizationName}>
            <CommandInput placeholder="Select organization..." />
            <CommandList label="Organizations">
              <CommandEmpty>No organization found.</CommandEmpty>
              <CommandGroup heading="Organizations">
                {(organizations.data ?? []).map((organization) => (
                  <CommandItem
                    key={organization.id}
                    value={organization.id}
                    keywords={[organization.organization_name]}
                    aria-current={organization.id === selectedId ? "true" : undefined}
                    onSelect={() => choose(organization.id)}
                  >
                    <Check aria-hidden="true" className={cn(organization.id === selectedId ? "opacity-100" : "opacity-0")} />
                    <span className="truncate">{organization.organization_name}</span>
                  </CommandItem>
                ))}
              </CommandGroup>
              {/* A border, not a separator: a listbox may only hold options and groups (axe). */}
              <CommandGroup forceMount className="border-t border-[var(--color-border)]">
                <CommandItem
                  forceMount
                  value={PORTFOLIO_ITEM_VALUE}
                  onSelect={() => {
                    setOpen(false);
                    void navigate("/portfolio");
                  }}
                >
                  <LayoutGrid aria-hidden="true" />
                  Portfolio of every organization
                </CommandItem>
                <CommandItem
                  forceMount
                  value={CREATE_ITEM_VALUE}
                  onSelect={() => {
                    setOpen(false);
                    setCreating(true);
                  }}
                >
                  <Plus aria-hidden="true" />
                  Create organization
                </CommandItem>
              </CommandGroup>
            </CommandList>
          </Command>
        </PopoverContent>
      </Popover>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
