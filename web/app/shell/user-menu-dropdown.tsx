import { Inbox, KeyRound, LifeBuoy, LogOut, Settings, UserRound } from "lucide-react";
import { type ReactNode, type RefObject, useCallback, useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button, type ButtonProps } from "#web/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#web/components/ui/dropdown-menu.tsx";

export type UserMenuChoice = "profile" | "change-password" | "sign-out";

export interface UserMenuDropdownProps {
  /** The button's look, name and content: the same as the stand-in's (user-menu.tsx). */
  triggerProps: Omit<ButtonProps, "ref">;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** The stand-in was clicked or pressed before this code arrived: the menu opens at once. */
  openOnMount: "pointer" | "keyboard" | null;
  /** The stand-in had the focus: the button takes it over. */
  takeFocus: boolean;
  /** The name, email and role at the top of the menu. */
  label: ReactNode;
  onOpen: () => void;
  onChoose: (choice: UserMenuChoice) => void;
  onCloseAutoFocus: (event: Event) => void;
  /** Employees find their help inbox here (it has no place in the side navigation). */
  showHelpInbox?: boolean;
  /** The provider administrator finds /administration here (it has no place in the side navigation either). */
  showAdministration?: boolean;
}

/** The user menu's Radix dropdown, loaded after the first screen (see user-menu.tsx). */
export function UserMenuDropdown({
  triggerProps,
  triggerRef,
  openOnMount,
  takeFocus,
  label,
  onOpen,
  onChoose,
  onCloseAutoFocus,
  showHelpInbox = false,
  showAdministration = false,
}: UserMenuDropdownProps) {
  // Radix moves to the first item only when it saw the key that opened the menu; the stand-in saw
  // it. Focus already inside the menu when it mounts is left where it is.
  const focusFirstItem = useRef(openOnMount === "keyboard");
  const contentRef = useCallback((content: HTMLDivElement | null) => {
    if (!content || !focusFirstItem.current) return;
    focusFirstItem.current = false;
    content.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (takeFocus && openOnMount === null) triggerRef.current?.focus();
  }, [takeFocus, openOnMount, triggerRef]);

  return (
    <DropdownMenu defaultOpen={openOnMount !== null} onOpenChange={(open) => open && onOpen()}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} {...triggerProps} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        ref={contentRef}
        align="end"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onChoose("profile")}>
          <UserRound aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onChoose("change-password")}>
          <KeyRound aria-hidden="true" />
          Change Password
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/support">
            <LifeBuoy aria-hidden="true" />
            Support
          </Link>
        </DropdownMenuItem>
        {showHelpInbox ? (
          <DropdownMenuItem asChild>
            <Link to="/help-inbox">
              <Inbox aria-hidden="true" />
              Help inbox
            </Link>
          </DropdownMenuItem>
        ) : null}
        {showAdministration ? (
          <DropdownMenuItem asChild>
            <Link to="/administration">
              <Settings aria-hidden="true" />
              Administration
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onChoose("sign-out")}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
