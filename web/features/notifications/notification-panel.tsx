import { Suspense, type RefObject, lazy, useId, useRef, useState } from "react";
import { Popover, PopoverAnchor, PopoverContent } from "#web/components/ui/popover.tsx";
import { NotificationList } from "./notification-list.tsx";

const NotificationSettingsDialog = lazy(async () => ({
  default: (await import("./notification-settings-dialog.tsx")).NotificationSettingsDialog,
}));

export interface NotificationPanelProps {
  id: string;
  /** The bell: the popover opens below it, and the focus goes back to it. It is not a Radix trigger (notification-bell.tsx). */
  bellRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isEmployee: boolean;
}

/**
 * The notification centre's popover, and the settings it links to. Modal: the focus stays in it
 * until Escape, a click outside or a choice.
 */
export function NotificationPanel({ id, bellRef, open, onOpenChange, isEmployee }: NotificationPanelProps) {
  const headingId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  // The settings dialog takes the focus from the closing popover; the bell gets it back after.
  const openingSettings = useRef(false);

  const openSettings = () => {
    openingSettings.current = true;
    onOpenChange(false);
    setSettingsOpen(true);
    setSettingsUsed(true);
  };
  const focusBell = (event: Event) => {
    event.preventDefault();
    if (!openingSettings.current) bellRef.current?.focus();
    openingSettings.current = false;
  };

  return (
    <>
      <Popover open={open} onOpenChange={onOpenChange} modal>
        <PopoverAnchor virtualRef={bellRef} />
        <PopoverContent
          ref={contentRef}
          id={id}
          align="end"
          collisionPadding={8}
          aria-labelledby={headingId}
          // On a phone the panel takes the screen's width, less a margin.
          className="flex w-[calc(100vw-1rem)] flex-col p-0 sm:w-96"
          onCloseAutoFocus={focusBell}
        >
          <NotificationList
            headingId={headingId}
            isEmployee={isEmployee}
            onNavigate={() => onOpenChange(false)}
            onOpenSettings={openSettings}
            onAllRead={() => contentRef.current?.focus()}
          />
        </PopoverContent>
      </Popover>
      {settingsUsed ? (
        <Suspense fallback={null}>
          <NotificationSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} onCloseAutoFocus={focusBell} />
        </Suspense>
      ) : null}
    </>
  );
}
