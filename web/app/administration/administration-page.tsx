import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useState } from "react";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { MenuVersionsSection } from "#web/features/menu-versions/menu-versions-section.tsx";
import { OrganizationMenusSection } from "#web/features/menu-versions/organization-menus-section.tsx";
import { UserExclusionsSection } from "#web/features/menu-versions/user-exclusions-section.tsx";
import { ndaTemplateQuery } from "#web/features/nda/nda-api.ts";
import { EditNdaTemplateDialog } from "#web/features/nda/nda-template-dialog.tsx";
import { employeeOrganizationsQuery } from "#web/features/organizations/employee-organizations-api.ts";
import { actingOrganizationQuery } from "#web/features/organizations/organization-api.ts";
import { useSelectedOrganizationId } from "#web/lib/selected-organization.ts";
import { PageFrame } from "#web/components/page-frame.tsx";

/** Only employees may save the template (the server refuses anyone else). */
function NdaTemplateSection({ isEmployee }: { isEmployee: boolean }) {
  const template = useQuery({ ...ndaTemplateQuery, enabled: isEmployee });
  const [editing, setEditing] = useState(false);

  let content;
  if (!isEmployee) content = <p className="text-sm">Only provider employees can edit the NDA template.</p>;
  else if (template.isError) content = <PageError error={template.error} onRetry={() => void template.refetch()} />;
  else if (template.isPending) content = <Spinner label="Loading NDA template..." />;
  else {
    content = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          Current template: <span className="font-medium">{template.data.title}</span> (version {template.data.version}
          {template.data.is_default ? ", built-in" : ""})
        </p>
        <Button variant="outline" onClick={() => setEditing(true)}>
          <FileText aria-hidden="true" />
          Edit NDA template
        </Button>
        <EditNdaTemplateDialog open={editing} onOpenChange={setEditing} template={template.data} />
      </div>
    );
  }
  return (
    <Card aria-labelledby="administration-nda-template">
      <CardHeader>
        <CardTitle id="administration-nda-template">NDA template</CardTitle>
        <CardDescription>The mutual NDA organizations sign. Saving makes a new version; NDAs already signed keep their text.</CardDescription>
      </CardHeader>
      {content}
    </Card>
  );
}

/**
 * /administration: the provider administrator's page (the route guard and the server refuse
 * everyone else). Menu versions, the version each organization uses, the NDA template and the
 * items hidden for single members.
 */
export default function AdministrationPage() {
  const me = useQuery(currentUserQuery);
  const isEmployee = me.data?.is_employee ?? false;
  const organizations = useQuery({ ...employeeOrganizationsQuery, enabled: isEmployee });
  const actingOrganization = useQuery(actingOrganizationQuery);
  const selectedId = useSelectedOrganizationId();
  const actingId = isEmployee ? selectedId : (me.data?.organization_id ?? null);

  // Only employees can list every organization; anyone else administers their own.
  const ownOrganization = actingOrganization.data ? [{ id: actingOrganization.data.id, organization_name: actingOrganization.data.organization_name }] : undefined;
  const listed = isEmployee
    ? { organizations: organizations.data, isPending: organizations.isPending, error: organizations.error, onRetry: () => void organizations.refetch() }
    : {
        organizations: ownOrganization,
        isPending: actingOrganization.isPending,
        error: actingOrganization.error,
        onRetry: () => void actingOrganization.refetch(),
        note: "Only provider employees can list every organization; this list holds your own.",
      };

  return (
    <PageFrame title="Administration">
      {me.isPending ? (
        <Spinner label="Loading page..." />
      ) : me.isError ? (
        <PageError error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <>
          <MenuVersionsSection />
          <OrganizationMenusSection {...listed} />
          <NdaTemplateSection isEmployee={isEmployee} />
          {actingId ? (
            <UserExclusionsSection
              // A switch of organization starts over: another team, other exclusions.
              key={actingId}
              organizationId={actingId}
              organizationName={actingOrganization.data?.organization_name}
              canSwitchOrganization={isEmployee}
            />
          ) : null}
        </>
      )}
    </PageFrame>
  );
}
