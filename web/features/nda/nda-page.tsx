import { useQuery } from "@tanstack/react-query";
import { FilePenLine } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "#common/contracts/account";
import type { NdaOverview } from "#common/contracts/nda";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { messageOf } from "#web/lib/api-client.ts";
import { ndaOverviewQuery } from "./nda-api.ts";
import { NDA_LOAD_FAILED } from "./nda-format.ts";
import { NdaHistory } from "./nda-history.tsx";
import { NdaSignedDetails } from "./nda-signed-details.tsx";
import { CountersignNdaForm, SignNdaForm } from "./nda-signer-forms.tsx";
import { EditNdaTemplateDialog } from "./nda-template-dialog.tsx";
import { NdaText } from "./nda-text.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";

/**
 * /nda: the organization's mutual NDA. Members read and sign it; provider employees wait for that,
 * then countersign, and edit the template. Once signed, the signatures and the PDF.
 */
export default function NdaPage() {
  const overview = useQuery(ndaOverviewQuery);
  const me = useQuery(currentUserQuery);
  const [editing, setEditing] = useState(false);
  const isEmployee = me.data?.is_employee ?? false;

  return (
    <PageFrame
      title="Mutual NDA"
      description={
        isEmployee
          ? `The mutual NDA between the provider and ${overview.data?.organization_name || "the organization"}: they sign first, then you countersign for the provider.`
          : "Signing the mutual NDA lets us collect more business information and connect your data sources."
      }
      contentWidth="narrow"
      actions={
        isEmployee && overview.data ? (
          <Button variant="outline" onClick={() => setEditing(true)}>
            <FilePenLine aria-hidden="true" />
            Edit NDA template
          </Button>
        ) : null
      }
    >
      {overview.isError ? (
        <NdaLoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : me.isError ? (
        <PageError error={me.error} onRetry={() => void me.refetch()} />
      ) : overview.isPending || me.isPending ? (
        <Spinner label="Loading NDAs..." />
      ) : (
        <NdaContent overview={overview.data} user={me.data} />
      )}
      {isEmployee && overview.data ? <EditNdaTemplateDialog open={editing} onOpenChange={setEditing} template={overview.data.template} /> : null}
    </PageFrame>
  );
}

function NdaContent({ overview, user }: { overview: NdaOverview; user: CurrentUser }) {
  const current = overview.signed ? overview.ndas[0] : undefined;
  const signerName = user.full_name ?? "";
  const { template } = overview;
  const reader = { isEmployee: user.is_employee, organizationName: overview.organization_name };
  return (
    <>
      {current ? (
        <>
          <NdaSignedDetails nda={current} reader={reader} />
          {user.is_employee && current.status === "signed-by-prospect" ? (
            <Card aria-labelledby="nda-countersign-heading">
              <CardHeader>
                <CardTitle id="nda-countersign-heading">Countersign</CardTitle>
                <CardDescription>{`Signed by ${overview.organization_name || "the organization"} — countersign for the provider to complete the mutual NDA.`}</CardDescription>
              </CardHeader>
              <CountersignNdaForm ndaId={current.id} defaultName={signerName} />
            </Card>
          ) : null}
          <NdaText title={current.title} body={current.body} description={`The text as signed (template version ${current.template_version}).`} />
        </>
      ) : user.is_employee ? (
        <>
          <Card aria-labelledby="nda-waiting-heading">
            <CardHeader>
              <CardTitle id="nda-waiting-heading">{`Waiting for ${overview.organization_name || "the organization"} to sign`}</CardTitle>
              <CardDescription>A member of the organization signs first; you can then countersign it here for the provider.</CardDescription>
            </CardHeader>
          </Card>
          <NdaText title={template.title} body={template.body} description={`The current template (version ${template.version}).`} />
        </>
      ) : (
        <>
          <p className="text-sm">
            <span className="text-[var(--color-muted-foreground)]">Status: </span>
            <strong className="font-semibold">Not signed</strong>
          </p>
          <NdaText title={template.title} body={template.body} description="Read the agreement below, then sign it for your organization." />
          <Card aria-labelledby="nda-sign-heading">
            <CardHeader>
              <CardTitle id="nda-sign-heading">Sign the NDA</CardTitle>
              <CardDescription>Your name, title and the date are added to the agreement.</CardDescription>
            </CardHeader>
            <SignNdaForm defaultName={signerName} />
          </Card>
        </>
      )}
      {overview.ndas.length > 1 ? <NdaHistory ndas={overview.ndas} reader={reader} /> : null}
    </>
  );
}

/** Spec §8: "Failed to load NDAs", with the reason and a retry. */
function NdaLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div className="space-y-3 rounded-md border border-[var(--color-destructive)] p-4">
      <p role="alert" className="text-sm font-medium">
        {NDA_LOAD_FAILED}
      </p>
      <p className="text-sm text-[var(--color-muted-foreground)]">{messageOf(error, "Something went wrong while loading this page.")}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
