import { humanizeRole } from "#common/domain/company-roles";
import { MEMBER_ROLES } from "#common/domain/member-roles";
import { SelectContent, SelectItem } from "#web/components/ui/select.tsx";

/** The roles a member can be given, humanised, as a Select's options. */
export function MemberRoleOptions() {
  return (
    <SelectContent>
      {MEMBER_ROLES.map((role) => (
        <SelectItem key={role} value={role}>
          {humanizeRole(role)}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
