import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { lazyModule } from "#web/lib/load-when-idle.ts";
import { useNotificationList } from "./notification-list-query.ts";

// The popover, the list, the mutations and the settings: on the first hover, focus or click.
const panel = lazyModule(() => import("./notification-panel.tsx"));
const NotificationPanel = lazy(async () => ({ default: (await panel.load()).NotificationPanel }));

function preloadPanel() {
  void panel.load().catch(() => undefined);
}

/** The bell's accessible name: the unread count is in it, as on the badge. */
function describeBell(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

export interface NotificationButtonProps {
  /** The stand-in (notification-bell.tsx) was clicked before this code arrived. */
  openOnMount: boolean;
  /** The stand-in had the focus: this button takes it over. */
  takeFocus: boolean;
}

/** The bell with the unread count; it opens the notification centre. */
export function NotificationButton({ openOnMount, takeFocus }: NotificationButtonProps) {
  const isEmployee = useQuery(currentUserQuery).data?.is_employee === true;
  const unread = useNotificationList(isEmployee).data?.unread_count ?? 0;
  const [open, setOpen] = useState(openOnMount);
  // Mounted on first use, then kept, so that reopening is instant.
  const [used, setUsed] = useState(openOnMount);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    // When it opens at once, the popover takes the focus itself.
    if (takeFocus && !openOnMount) buttonRef.current?.focus();
  }, [takeFocus, openOnMount]);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) setUsed(true);
  };

  return (
    <>
      {/* What a Radix popover trigger would say; the popover anchors to this button. */}
      <Button
        ref={buttonRef}
        type="button"
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={describeBell(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? "open" : "closed"}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => changeOpen(!open)}
      >
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute right-0.5 top-0.5 min-w-4 rounded-full bg-[var(--color-destructive)] px-1 text-center text-[0.625rem] font-semibold leading-4 text-[var(--color-destructive-foreground)]"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} bellRef={buttonRef} open={open} onOpenChange={changeOpen} isEmployee={isEmployee} />
        </Suspense>
      ) : null}
    </>
  );
}
