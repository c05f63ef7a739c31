import { useState } from "react";
import type { TeamMember } from "#common/contracts/team";
import { humanizeRole } from "#common/domain/company-roles";
import { MEMBER_ROLES, type MemberRole } from "#common/domain/member-roles";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Select, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { TableCell, TableRow } from "#web/components/ui/table.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { MemberRoleOptions } from "./member-role-options.tsx";
import { useChangeMemberRole, useRemoveMember } from "./team-api.ts";
import { memberName, memberRoleLabel } from "./team-format.ts";
import { TeamTable } from "./team-table.tsx";
import { toastOutcome } from "./team-toasts.ts";

/** An empty cell: a dash to the eye, a word to a screen reader. */
function NoValue({ label = "None" }: { label?: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function isMemberRole(role: string): role is MemberRole {
  return (MEMBER_ROLES as readonly string[]).includes(role);
}

function RoleSelect({ member }: { member: TeamMember }) {
  const changeRole = useChangeMemberRole();
  const name = memberName(member);
  const change = (role: string) => {
    if (!isMemberRole(role) || role === member.role) return;
    changeRole.mutate(
      { memberId: member.id, role },
      toastOutcome(
        { title: "Role updated", description: `${name} is now ${humanizeRole(role)}.` },
        "Failed to change the role. Please try again.",
      ),
    );
  };
  return (
    <Select value={member.role} onValueChange={change} disabled={changeRole.isPending}>
      <SelectTrigger className="w-40" aria-label={`Role for ${name}`}>
        <SelectValue />
      </SelectTrigger>
      <MemberRoleOptions />
    </Select>
  );
}

/**
 * The organization's members. Managers change roles and remove members, except themselves;
 * an employee's account only by an employee (the server enforces both).
 */
export function MembersTable({
  members,
  canManage,
  selfId,
  callerIsEmployee,
}: {
  members: TeamMember[];
  canManage: boolean;
  selfId: string | undefined;
  callerIsEmployee: boolean;
}) {
  const removeMember = useRemoveMember();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const removeConfirmed = (member: TeamMember) =>
    removeMember.mutate(
      member.id,
      toastOutcome(
        { title: "Member removed", description: `${memberName(member)} no longer has access.` },
        "Failed to remove the member. Please try again.",
        () => setRemoving(null),
      ),
    );

  if (members.length === 0) return <p className="text-sm text-[var(--color-muted-foreground)]">No members yet.</p>;
  return (
    <>
      <TeamTable columns={["Name", "Email", "Company role", "Role", "Last sign-in"]} withActions={canManage}>
        {members.map((member) => {
          const isSelf = member.id === selfId;
          const manageable = canManage && !isSelf && (!member.is_employee || callerIsEmployee);
          return (
            <TableRow key={member.id} data-testid="team-member-row">
              <TableCell className="font-medium">
                <span className="flex items-center gap-2">
                  {member.full_name?.trim() ? member.full_name : <NoValue label="No name" />}
                  {isSelf ? <Badge variant="outline">You</Badge> : null}
                </span>
              </TableCell>
              <TableCell>{member.email}</TableCell>
              <TableCell>{member.company_role ? member.company_role : <NoValue />}</TableCell>
              <TableCell>{manageable && !member.is_employee ? <RoleSelect member={member} /> : memberRoleLabel(member)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {member.last_sign_in_at ? <time dateTime={member.last_sign_in_at}>{formatDateTime(member.last_sign_in_at)}</time> : "Never"}
              </TableCell>
              {canManage ? (
                <TableCell className="text-right">
                  {manageable ? (
                    <Button variant="outline" size="sm" aria-label={`Remove ${memberName(member)}`} onClick={() => setRemoving(member)}>
                      Remove
                    </Button>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
      </TeamTable>
      <ConfirmDialog
        subject={removing}
        onClose={() => setRemoving(null)}
        title="Remove member"
        describe={(member) => `Remove ${memberName(member)}? They will be signed out everywhere and lose access.`}
        confirmLabel="Remove"
        pending={removeMember.isPending}
        onConfirm={removeConfirmed}
      />
    </>
  );
}
