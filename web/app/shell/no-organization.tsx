import { Building2, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { CreateOrganizationDialog } from "#web/features/organizations/create-organization-dialog.tsx";

/** An employee with no organization to act for yet: pages need one, so offer to create it. */
export function NoOrganization() {
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <Building2 className="size-10 text-[var(--color-muted-foreground)]" aria-hidden="true" />
      <h1 className="text-xl font-semibold">No organization yet</h1>
      <p className="text-sm text-[var(--color-muted-foreground)]">Create a customer organization to start working with it.</p>
      <Button onClick={() => setCreating(true)}>
        <Plus aria-hidden="true" />
        Create organization
      </Button>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
