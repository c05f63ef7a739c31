import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, UserRound } from "lucide-react";
import { Suspense, lazy, useRef, useState } from "react";
import { humanizeRole } from "#common/domain/company-roles";
import { Button } from "#web/components/ui/button.tsx";
import { useAccess } from "#web/lib/access-query.ts";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { signOutUser } from "#web/features/auth/use-session.ts";
import { lazyModule, useModuleWhenIdle } from "#web/lib/load-when-idle.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import type { UserMenuChoice } from "./user-menu-dropdown.tsx";

// The Radix dropdown (menu, popper, focus scope) loads after the first screen; until then a
// look-alike button stands in, and a click on it opens the menu once the code is there.
const dropdown = lazyModule(() => import("./user-menu-dropdown.tsx"));
const UserMenuDropdown = lazy(async () => ({ default: (await dropdown.load()).UserMenuDropdown }));

// The dialogs (forms, Select) load when the menu first opens, not with the shell.
const loadProfileDialog = () => import("#web/features/account/profile-dialog.tsx");
const loadChangePasswordDialog = () => import("#web/features/account/change-password-dialog.tsx");
const ProfileDialog = lazy(async () => ({ default: (await loadProfileDialog()).ProfileDialog }));
const ChangePasswordDialog = lazy(async () => ({ default: (await loadChangePasswordDialog()).ChangePasswordDialog }));
// My Profile also holds the notification settings, a section of the notifications feature.
const loadNotificationSettings = () => import("#web/features/notifications/notification-preferences.tsx");
const NotificationSettings = lazy(async () => ({ default: (await loadNotificationSettings()).NotificationPreferencesSection }));

function preloadDialogs() {
  void loadProfileDialog().catch(() => undefined);
  void loadChangePasswordDialog().catch(() => undefined);
  void loadNotificationSettings().catch(() => undefined);
}

type OpenDialog = Exclude<UserMenuChoice, "sign-out"> | null;

export function UserMenu({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const me = useQuery(currentUserQuery);
  // The server's verdict on /administration (the provider administrator only), from the answer the
  // navigation reads too.
  const access = useAccess();
  const name = me.data?.full_name || email;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Each dialog mounts on first use (its code loads lazily) and then stays mounted.
  const [used, setUsed] = useState<Exclude<OpenDialog, null>[]>([]);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const standInRef = useRef<HTMLButtonElement>(null);
  const openingDialog = useRef(false);
  const menuCode = useModuleWhenIdle(dropdown, standInRef);
  const [openOnLoad, setOpenOnLoad] = useState<"pointer" | "keyboard" | null>(null);

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

  // As the Radix trigger does: toggled by a primary press, Enter or Space, opened by ArrowDown.
  const requestOpen = (openedWith: "pointer" | "keyboard", toggle: boolean) => {
    preloadDialogs();
    setOpenOnLoad((current) => (current !== null && toggle ? null : openedWith));
    // After a failed download, a later hover that loads the code must not open the menu.
    void menuCode.load().then((loaded) => {
      if (!loaded) setOpenOnLoad(null);
    });
  };

  const triggerProps = {
    type: "button" as const,
    variant: "ghost" as const,
    // On a phone, an icon button: the width goes to the organization's name beside it.
    className: "max-w-56 max-sm:size-9 max-sm:px-0",
    "aria-label": `User menu for ${name}`,
    children: (
      <>
        {/* On a phone the person's icon stands for the name, which the label still carries. */}
        <UserRound aria-hidden="true" className="sm:hidden" />
        <span className="hidden truncate sm:inline">{name}</span>
        <ChevronDown aria-hidden="true" className="hidden sm:block" />
      </>
    ),
  };
  const standIn = (
    <Button
      ref={standInRef}
      {...triggerProps}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={() => void menuCode.load()}
      onFocus={() => void menuCode.load()}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        requestOpen("pointer", true);
      }}
      onKeyDown={(event) => {
        if (!["Enter", " ", "ArrowDown"].includes(event.key)) return;
        event.preventDefault();
        requestOpen("keyboard", event.key !== "ArrowDown");
      }}
    />
  );

  return (
    <>
      {menuCode.loaded ? (
        <Suspense fallback={standIn}>
          <UserMenuDropdown
            triggerProps={triggerProps}
            triggerRef={triggerRef}
            openOnMount={openOnLoad}
            takeFocus={menuCode.takeFocus}
            label={
              <>
                <span className="block truncate font-medium">{name}</span>
                <span className="block truncate text-xs text-[var(--color-muted-foreground)]">{email}</span>
                {me.data ? (
                  <span className="block text-xs text-[var(--color-muted-foreground)]">
                    {me.data.is_employee ? "Employee" : humanizeRole(me.data.role)}
                  </span>
                ) : null}
              </>
            }
            onOpen={preloadDialogs}
            showHelpInbox={me.data?.is_employee === true}
            showAdministration={access.data?.pages["administration-page"].allowed === true}
            onChoose={(choice) => {
              if (choice === "sign-out") void signOut();
              else openDialog(choice);
            }}
            // A dialog opened from the menu takes the focus; the menu must not pull it back to its button.
            onCloseAutoFocus={(event) => {
              if (openingDialog.current) event.preventDefault();
              openingDialog.current = false;
            }}
          />
        </Suspense>
      ) : (
        standIn
      )}
      <Suspense fallback={null}>
        {used.includes("profile") ? <ProfileDialog {...dialogProps("profile")} extraSections={<NotificationSettings />} /> : null}
        {used.includes("change-password") ? <ChangePasswordDialog {...dialogProps("change-password")} onSignOut={signOut} /> : null}
      </Suspense>
    </>
  );
}
