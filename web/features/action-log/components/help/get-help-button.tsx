import { CircleHelp } from "lucide-react";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { onGetHelpRequested } from "#web/lib/get-help-request.ts";

// The header is in every page's first load: the dialog, its form, the action log's contract and
// the capture widgets download on the first hover, focus or click, not with it (through a loader
// module, see there).
const loadDialog = () => import("./get-help-dialog-loader.ts").then((loader) => loader.loadGetHelpDialog());
const GetHelpDialog = lazy(async () => ({ default: (await loadDialog()).GetHelpDialog }));
const preload = () => void loadDialog().catch(() => undefined);

/**
 * The header's Get Help button (spec §2): it opens Get Expert Help. On a phone only its icon
 * shows; its name stays "Get Help". `enabled` is false while there is no acting organization.
 */
export function GetHelpButton({ enabled }: { enabled: boolean }) {
  const [open, setOpen] = useState(false);
  // The dialog mounts on the first click (its code is there by then, or loads with it).
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Whoever opened it gets the focus back: this button, or a page's own (openGetHelp in web/lib).
  const returnFocusRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    return onGetHelpRequested((opener) => {
      returnFocusRef.current = opener ?? buttonRef.current;
      setUsed(true);
      setOpen(true);
    });
  }, [enabled]);
  if (!enabled) return null;
  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="outline"
        size="sm"
        aria-label="Get Help"
        aria-haspopup="dialog"
        className="max-sm:size-9 max-sm:px-0"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          returnFocusRef.current = buttonRef.current;
          setUsed(true);
          setOpen(true);
        }}
      >
        <CircleHelp aria-hidden="true" />
        <span className="hidden whitespace-nowrap sm:inline">Get Help</span>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <GetHelpDialog open={open} onOpenChange={setOpen} returnFocusTo={returnFocusRef} />
        </Suspense>
      ) : null}
    </>
  );
}
