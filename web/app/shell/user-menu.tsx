import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, LogOut } from "lucide-react";
import { toast } from "sonner";
import { humanizeRole } from "#common/domain/company-roles";
import { Button } from "#web/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#web/components/ui/dropdown-menu.tsx";
import { currentUserQuery } from "#web/features/account/current-user-api.ts";
import { signOutUser } from "#web/features/auth/use-session.ts";

export function UserMenu({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const me = useQuery(currentUserQuery);
  const name = me.data?.full_name || email;

  const signOut = async () => {
    if (!(await signOutUser())) {
      toast.error("Sign out failed", { description: "Please try again." });
      return;
    }
    queryClient.clear();
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="max-w-56" aria-label={`User menu for ${name}`}>
          <span className="truncate">{name}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{name}</span>
          <span className="block truncate text-xs text-[var(--color-muted-foreground)]">{email}</span>
          {me.data ? (
            <span className="block text-xs text-[var(--color-muted-foreground)]">
              {me.data.is_employee ? "Employee" : humanizeRole(me.data.role)}
            </span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
