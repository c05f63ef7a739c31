import { Bell } from "lucide-react";
import { Suspense, lazy, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { lazyModule, useModuleWhenIdle } from "#web/lib/load-when-idle.ts";

// The header is on every page and the first screen is at its size limit: until the browser is
// idle after the first screen (or the first click), a look-alike bell without a count stands in.
// The real one (the count, its query, the route contracts) follows; the panel on first use.
const button = lazyModule(() => import("./notification-button.tsx"));
const NotificationButton = lazy(async () => ({ default: (await button.load()).NotificationButton }));

/** The header's notification centre: the unread count, and the list on a click. */
export function NotificationBell() {
  const standInRef = useRef<HTMLButtonElement>(null);
  const code = useModuleWhenIdle(button, standInRef);
  // Clicked before the code was there: the panel opens when it arrives (a second click cancels).
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const standIn = (
    <Button
      ref={standInRef}
      variant="ghost"
      size="icon"
      aria-label="Notifications"
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => {
        setOpenOnLoad(!openOnLoad);
        void code.load();
      }}
    >
      <Bell aria-hidden="true" />
    </Button>
  );
  return code.loaded ? (
    <Suspense fallback={standIn}>
      <NotificationButton openOnMount={openOnLoad} takeFocus={code.takeFocus} />
    </Suspense>
  ) : (
    standIn
  );
}
