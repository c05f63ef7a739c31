import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { actingOrganizationQuery } from "./organization-api.ts";
import { RenameOrganizationForm } from "./rename-organization-form.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";

/** /company: the acting organization's details; its name and time zone can be edited. */
export default function CompanyPage() {
  const organization = useQuery(actingOrganizationQuery);
  return (
    <PageFrame title="My Company" contentWidth="narrow">
      {organization.isPending ? (
        <Spinner label="Loading organization..." />
      ) : organization.isError ? (
        <PageError error={organization.error} onRetry={() => void organization.refetch()} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Organization</CardTitle>
            <CardDescription>The name everyone in your organization and your provider's team sees, and the time zone of its reminder emails.</CardDescription>
          </CardHeader>
          <RenameOrganizationForm organization={organization.data} />
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Organization profile</CardTitle>
          <CardDescription>What the ERP needs: legal name, addresses, tax identifiers, industry, company size and logo.</CardDescription>
        </CardHeader>
        <Button asChild variant="outline">
          <Link to="/organization">
            Open the organization profile
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </Card>
    </PageFrame>
  );
}
