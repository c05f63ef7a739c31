import { type ComponentType, Suspense, lazy } from "react";
import type { ToasterProps } from "sonner";

/**
 * The toasts' region, drawing Sonner's Toaster once `loadToaster` has answered it. Until then an
 * empty live region of the same name stands in its place: a modal dialog hides everything outside
 * itself from screen readers except the live regions present when it opens, so without the
 * stand-in a toast raised in a dialog opened early (a refused screen share) would be drawn but
 * never announced.
 */
export function createToastRegion(loadToaster: () => Promise<{ Toaster: ComponentType<ToasterProps> }>) {
  const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));
  return function ToastRegion() {
    return (
      <Suspense fallback={<section aria-label="Notifications" aria-live="polite" />}>
        {/* Spec §9: three visible toasts, 4 s, 356 px wide (Sonner's defaults). Bottom left: side
            panels (the Pricing Summary) open on the right, and a toast must not cover one. */}
        <Toaster position="bottom-left" visibleToasts={3} duration={4000} richColors closeButton theme="system" />
      </Suspense>
    );
  };
}

// No screen shows a toast as it opens, and Sonner replays toasts raised before its Toaster
// mounts: it loads after the first screen instead of with it.
export const ToastRegion = createToastRegion(() => import("sonner"));
