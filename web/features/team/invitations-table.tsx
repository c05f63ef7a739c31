import { useState } from "react";
import type { Invitation } from "#common/contracts/team";
import { humanizeRole } from "#common/domain/company-roles";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { TableCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { useResendInvitation, useRevokeInvitation } from "./team-api.ts";
import { TeamTable } from "./team-table.tsx";
import { toastOutcome } from "./team-toasts.ts";

/** Invitations not yet accepted; managers resend (a new link) or revoke them. */
export function InvitationsTable({ invitations, canManage }: { invitations: Invitation[]; canManage: boolean }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const resendTo = (invitation: Invitation) =>
    resend.mutate(
      invitation.id,
      toastOutcome(
        { title: "Invitation resent", description: `A new link was emailed to ${invitation.email}.` },
        "Failed to resend the invitation. Please try again.",
      ),
    );

  const revokeConfirmed = (invitation: Invitation) =>
    revoke.mutate(
      invitation.id,
      toastOutcome(
        { title: "Invitation revoked", description: `The link sent to ${invitation.email} no longer works.` },
        "Failed to revoke the invitation. Please try again.",
        () => setRevoking(null),
      ),
    );

  if (invitations.length === 0) return <p className="text-sm text-[var(--color-muted-foreground)]">No pending invitations.</p>;
  return (
    <>
      <TeamTable columns={["Email", "Role", "Sent", "Expires"]} withActions={canManage}>
        {invitations.map((invitation) => (
          <TableRow key={invitation.id} data-testid="team-invitation-row">
            <TableCell className="font-medium">{invitation.email}</TableCell>
            <TableCell>{humanizeRole(invitation.role)}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={invitation.sent_at}>{formatDateTime(invitation.sent_at)}</time>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {invitation.expired ? (
                <Badge variant="destructive">Expired</Badge>
              ) : (
                <time dateTime={invitation.expires_at}>{formatDateTime(invitation.expires_at)}</time>
              )}
            </TableCell>
            {canManage ? (
              <TableCell className="text-right">
                <span className="inline-flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Resend invitation to ${invitation.email}`}
                    disabled={resend.isPending && resend.variables === invitation.id}
                    onClick={() => resendTo(invitation)}
                  >
                    Resend
                  </Button>
                  <Button variant="outline" size="sm" aria-label={`Revoke invitation to ${invitation.email}`} onClick={() => setRevoking(invitation)}>
                    Revoke
                  </Button>
                </span>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TeamTable>
      <ConfirmDialog
        subject={revoking}
        onClose={() => setRevoking(null)}
        title="Revoke invitation"
        describe={(invitation) => `Revoke the invitation to ${invitation.email}? The link in it will stop working.`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={revokeConfirmed}
      />
    </>
  );
}
