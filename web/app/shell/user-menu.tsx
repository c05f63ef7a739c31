import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, KeyRound, LogOut, UserRound } from "lucide-react";
import { Suspense, lazy, useRef, useState } from "react";
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
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { signOutUser } from "#web/features/auth/use-session.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";

// The dialogs (forms, Select) load when the menu first opens, not with the shell.
const loadProfileDialog = () => import("#web/features/account/profile-dialog.tsx");
const loadChangePasswordDialog = () => import("#web/features/account/change-password-dialog.tsx");
const ProfileDialog = lazy(async () => ({ default: (await loadProfileDialog()).ProfileDialog }));
const ChangePasswordDialog = lazy(async () => ({ default: (await loadChangePasswordDialog()).ChangePasswordDialog }));

function preloadDialogs() {
  void loadProfileDialog().catch(() => undefined);
  void loadChangePasswordDialog().catch(() => undefined);
}

type OpenDialog = "profile" | "change-password" | null;

export function UserMenu({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const me = useQuery(currentUserQuery);
  const name = me.data?.full_name || email;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Each dialog mounts on first use (its code loads lazily) and then stays mounted.
  const [used, setUsed] = useState<Exclude<OpenDialog, null>[]>([]);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const openingDialog = useRef(false);

  const openDialog = (which: Exclude<OpenDialog, null>) => {
    openingDialog.current = true;
    setUsed((list) => (list.includes(which) ? list : [...list, which]));
    setDialog(which);
  };

  const signOut = async () => {
    if (!(await signOutUser())) {
      lazyToast.error("Sign out failed", { description: "Please try again." });
      return;
    }
    queryClient.clear();
  };

  const dialogProps = (which: Exclude<OpenDialog, null>) => ({
    open: dialog === which,
    onOpenChange: (open: boolean) => setDialog(open ? which : null),
    // The menu item that opened the dialog is gone: give focus back to the menu button.
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      triggerRef.current?.focus();
    },
  });

  return (
    <>
      <DropdownMenu onOpenChange={(open) => open && preloadDialogs()}>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="ghost" className="max-w-56" aria-label={`User menu for ${name}`}>
            <span className="truncate">{name}</span>
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          // A dialog opened from the menu takes the focus; the menu must not pull it back to its button.
          onCloseAutoFocus={(event) => {
            if (openingDialog.current) event.preventDefault();
            openingDialog.current = false;
          }}
        >
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
          <DropdownMenuItem onSelect={() => openDialog("profile")}>
            <UserRound aria-hidden="true" />
            Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => openDialog("change-password")}>
            <KeyRound aria-hidden="true" />
            Change Password
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" />
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Suspense fallback={null}>
        {used.includes("profile") ? <ProfileDialog {...dialogProps("profile")} /> : null}
        {used.includes("change-password") ? <ChangePasswordDialog {...dialogProps("change-password")} onSignOut={signOut} /> : null}
      </Suspense>
    </>
  );
}
