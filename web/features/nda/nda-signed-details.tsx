import type { ReactNode } from "react";
import type { Nda } from "#common/contracts/nda";
import { Card, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { NdaDocumentButton } from "./nda-document-button.tsx";
import { type NdaReader, describeNdaStatus } from "#common/domain/nda-status";

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-sm font-medium text-[var(--color-muted-foreground)]">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function Signer({ name, title, signedAt, email }: { name: string; title: string | null; signedAt: string; email?: string }) {
  return (
    <>
      <span className="block font-medium">{title ? `${name}, ${title}` : name}</span>
      {email ? <span className="block text-[var(--color-muted-foreground)]">{email}</span> : null}
      <span className="block text-[var(--color-muted-foreground)]">
        Signed <time dateTime={signedAt}>{formatDateTime(signedAt)}</time>
      </span>
    </>
  );
}

/** The signed NDA: its status, who signed it and when, and its PDF. */
export function NdaSignedDetails({ nda, reader }: { nda: Nda; reader: NdaReader }) {
  const { organizationName } = reader;
  return (
    <Card aria-labelledby="nda-signed-title">
      <CardHeader>
        <CardTitle id="nda-signed-title">Signatures</CardTitle>
        <p className="text-sm">
          <span className="text-[var(--color-muted-foreground)]">Status: </span>
          <strong className="font-semibold">{describeNdaStatus(nda.status, reader)}</strong>
        </p>
      </CardHeader>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail term={`Signed for ${organizationName || "the organization"} by`}>
          <Signer name={nda.member_signer_name} title={nda.member_signer_title} email={nda.member_signer_email} signedAt={nda.member_signed_at} />
        </Detail>
        <Detail term="Countersigned by the provider">
          {nda.provider_signer_name && nda.provider_signed_at ? (
            <Signer name={nda.provider_signer_name} title={nda.provider_signer_title} signedAt={nda.provider_signed_at} />
          ) : (
            "Awaiting countersignature"
          )}
        </Detail>
      </dl>
      <div className="mt-6">
        {nda.has_document ? (
          <NdaDocumentButton ndaId={nda.id} />
        ) : (
          <p className="text-sm text-[var(--color-muted-foreground)]">No PDF is stored for this NDA.</p>
        )}
      </div>
    </Card>
  );
}
