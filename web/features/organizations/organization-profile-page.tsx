import { useQuery } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { PROFILE_READ_ONLY_REASON } from "#common/domain/organization-profile";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { OrganizationLogoCard } from "./organization-logo-card.tsx";
import { organizationProfileQuery } from "./organization-profile-api.ts";
import { OrganizationProfileForm } from "./organization-profile-form.tsx";
import { OrganizationProfileSummary } from "./organization-profile-summary.tsx";

const BREADCRUMBS = [{ label: "My Company", to: "/company" }, { label: "Organization profile" }];

/**
 * /organization: what the ERP needs to know of the organization. Its admins and provider
 * employees edit it; a member user reads it, told why they cannot change it.
 */
export default function OrganizationProfilePage() {
  const profile = useQuery(organizationProfileQuery);
  return (
    <PageFrame
      title="Organization profile"
      breadcrumbs={BREADCRUMBS}
      description="What your ERP needs to know about the organization: its legal name, addresses, tax identifiers, industry, size, time zone and logo."
      contentWidth="narrow"
    >
      {profile.isPending ? (
        <Spinner label="Loading organization profile..." />
      ) : profile.isError ? (
        <PageError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          {profile.data.can_edit ? null : (
            <p className="flex items-start gap-2 rounded-lg border border-[var(--color-border)] bg-[var(--color-muted)] p-3 text-sm">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {PROFILE_READ_ONLY_REASON}
            </p>
          )}
          <OrganizationLogoCard profile={profile.data} />
          {profile.data.can_edit ? <OrganizationProfileForm profile={profile.data} /> : <OrganizationProfileSummary profile={profile.data} />}
        </>
      )}
    </PageFrame>
  );
}
