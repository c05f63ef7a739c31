import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { INVITATION_TTL_DAYS } from "#common/contracts/team";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { InvitationsTable } from "./invitations-table.tsx";
import { InviteMemberDialog } from "./invite-member-dialog.tsx";
import { MembersTable } from "./members-table.tsx";
import { teamQuery } from "./team-api.ts";
import { PageFrame } from "#web/components/page-frame.tsx";

/** /team: the acting organization's members and pending invitations; admins and employees manage them. */
export default function TeamPage() {
  const team = useQuery(teamQuery);
  const me = useQuery(currentUserQuery);
  const [inviting, setInviting] = useState(false);
  const selfId = me.data?.id;

  return (
    <PageFrame
      title="Team"
      actions={
        team.data?.can_manage ? (
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" />
            Invite member
          </Button>
        ) : null
      }
    >
      {team.isPending ? (
        <Spinner label="Loading team..." />
      ) : team.isError ? (
        <PageError error={team.error} onRetry={() => void team.refetch()} />
      ) : (
        <>
          {team.data.can_manage ? null : (
            <p className="text-sm text-[var(--color-muted-foreground)]">Only organization admins can change the team.</p>
          )}
          <Card aria-labelledby="team-members-title">
            <CardHeader>
              <CardTitle id="team-members-title">Members</CardTitle>
              <CardDescription>Everyone who can sign in to this organization.</CardDescription>
            </CardHeader>
            <MembersTable
              members={team.data.members}
              canManage={team.data.can_manage}
              selfId={selfId}
              // Every member is listed in their own team; an employee acting for another one is not.
              callerIsEmployee={team.data.members.find((member) => member.id === selfId)?.is_employee ?? true}
            />
          </Card>
          <Card aria-labelledby="team-invitations-title">
            <CardHeader>
              <CardTitle id="team-invitations-title">Pending invitations</CardTitle>
              <CardDescription>Invitations not accepted yet. Links stay valid for {INVITATION_TTL_DAYS} days.</CardDescription>
            </CardHeader>
            <InvitationsTable invitations={team.data.invitations} canManage={team.data.can_manage} />
          </Card>
        </>
      )}
      {team.data?.can_manage ? <InviteMemberDialog open={inviting} onOpenChange={setInviting} /> : null}
    </PageFrame>
  );
}
