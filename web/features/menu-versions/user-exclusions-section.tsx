import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { setUserMenuExclusionsBodySchema } from "#common/contracts/menu-versions";
import type { TeamMember } from "#common/contracts/team";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ItemChecklist } from "./item-checklist.tsx";
import { itemLabel, orderItems } from "./menu-items.ts";
import { actingTeamQuery, organizationMenuQuery, useSetUserMenuExclusions } from "./menu-versions-api.ts";
import { toastFailure } from "./menu-toasts.ts";

type FormInput = z.input<typeof setUserMenuExclusionsBodySchema>;
type FormOutput = z.output<typeof setUserMenuExclusionsBodySchema>;

function memberName(member: Pick<TeamMember, "full_name" | "email">): string {
  return member.full_name?.trim() || member.email;
}

function itemCount(count: number): string {
  return count === 1 ? "1 item hidden" : `${count} items hidden`;
}

/** The items hidden for one member; saving replaces them. */
function MemberExclusionsForm({ member, items }: { member: TeamMember; items: readonly string[] }) {
  const save = useSetUserMenuExclusions();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(setUserMenuExclusionsBodySchema),
    defaultValues: { items: orderItems(items) },
  });
  const name = memberName(member);
  const itemsError = form.formState.errors.items?.message;

  const submit = form.handleSubmit(async (values) => {
    const chosen = orderItems(values.items);
    try {
      await save.mutateAsync({ userId: member.id, items: chosen });
      toast.success("Menu exclusions saved", { description: `${name}: ${chosen.length === 0 ? "nothing hidden" : itemCount(chosen.length)}.` });
      form.reset({ items: chosen });
    } catch (error) {
      toastFailure(error, "Failed to save the menu exclusions. Please try again.");
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Hidden items for {name}</legend>
        <Controller
          control={form.control}
          name="items"
          render={({ field }) => <ItemChecklist value={field.value} onChange={field.onChange} disabled={form.formState.isSubmitting} />}
        />
        {itemsError ? <p className="text-sm text-[var(--color-destructive)]">{itemsError}</p> : null}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving…" : "Save exclusions"}
        </Button>
      </div>
    </form>
  );
}

/**
 * The "User exclusions" card: navigation items hidden for single members of the acting
 * organization. The member list comes from GET /api/team, which answers for the acting
 * organization only, so another organization's members are reached by switching to it.
 */
export function UserExclusionsSection({
  organizationId,
  organizationName,
  canSwitchOrganization,
}: {
  organizationId: string;
  organizationName: string | undefined;
  /** Employees switch the acting organization in the header; members have only their own. */
  canSwitchOrganization: boolean;
}) {
  const team = useQuery(actingTeamQuery);
  const menu = useQuery(organizationMenuQuery(organizationId));
  const [memberId, setMemberId] = useState<string | undefined>(undefined);

  let content;
  if (team.isError) content = <PageError error={team.error} onRetry={() => void team.refetch()} />;
  else if (menu.isError) content = <PageError error={menu.error} onRetry={() => void menu.refetch()} />;
  else if (team.isPending || menu.isPending) content = <Spinner label="Loading members..." />;
  else if (team.data.members.length === 0) content = <p className="text-sm text-[var(--color-muted-foreground)]">This organization has no members yet.</p>;
  else {
    const member = team.data.members.find((entry) => entry.id === memberId);
    const exclusionsOf = (userId: string) => menu.data.user_exclusions.find((entry) => entry.user_id === userId)?.items ?? [];
    content = (
      <div className="space-y-5">
        {menu.data.user_exclusions.length > 0 ? (
          <div className="space-y-2">
            <h3 className="text-sm font-medium">Members with hidden items</h3>
            <ul className="space-y-1 text-sm">
              {menu.data.user_exclusions.map((entry) => (
                <li key={entry.user_id}>
                  <span className="font-medium">{entry.email}</span>: {entry.items.map(itemLabel).join(", ")}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-[var(--color-muted-foreground)]">No member has hidden items.</p>
        )}
        <div className="max-w-sm space-y-2">
          <Label htmlFor="user-exclusions-member">Member</Label>
          <Select value={memberId ?? ""} onValueChange={setMemberId}>
            <SelectTrigger id="user-exclusions-member">
              <SelectValue placeholder="Choose a member" />
            </SelectTrigger>
            <SelectContent>
              {team.data.members.map((entry) => (
                <SelectItem key={entry.id} value={entry.id}>
                  {entry.full_name?.trim() ? `${entry.full_name.trim()} (${entry.email})` : entry.email}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {/* Keyed by member: the form starts from the chosen member's items. */}
        {member ? <MemberExclusionsForm key={member.id} member={member} items={exclusionsOf(member.id)} /> : null}
      </div>
    );
  }

  return (
    <Card aria-labelledby="user-exclusions-title">
      <CardHeader>
        <CardTitle id="user-exclusions-title">User exclusions</CardTitle>
        <CardDescription>
          Navigation items hidden for one member of {organizationName ?? "the acting organization"}, on top of the organization's menu
          version.{canSwitchOrganization ? " To manage another organization's members, switch to it in the header first." : ""}
        </CardDescription>
      </CardHeader>
      {content}
    </Card>
  );
}
