import type { Nda } from "#common/contracts/nda";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { NdaDocumentButton } from "./nda-document-button.tsx";
import { type NdaReader, describeNdaStatus } from "#common/domain/nda-status";

/** Every NDA of the organization, newest first (shown when there is more than one). */
export function NdaHistory({ ndas, reader }: { ndas: readonly Nda[]; reader: NdaReader }) {
  return (
    <Card aria-labelledby="nda-history-title">
      <CardHeader>
        <CardTitle id="nda-history-title">All NDAs</CardTitle>
        <CardDescription>Newest first.</CardDescription>
      </CardHeader>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Created</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Signed by</TableHead>
            <TableHead>Countersigned by</TableHead>
            <TableHead>
              <span className="sr-only">Document</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {ndas.map((nda) => {
            const created = formatDateTime(nda.created_at);
            return (
              <TableRow key={nda.id}>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={nda.created_at}>{created}</time>
                </TableCell>
                <TableCell>{describeNdaStatus(nda.status, reader)}</TableCell>
                <TableCell>{`${nda.member_signer_name}, ${nda.member_signer_title}`}</TableCell>
                <TableCell>
                  {nda.provider_signer_name ? [nda.provider_signer_name, nda.provider_signer_title].filter(Boolean).join(", ") : "Not yet"}
                </TableCell>
                <TableCell className="text-right">
                  {nda.has_document ? (
                    <NdaDocumentButton ndaId={nda.id} label="PDF" size="sm" aria-label={`Download PDF of the NDA created ${created}`} />
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Card>
  );
}
