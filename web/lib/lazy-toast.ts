import type { ExternalToast } from "sonner";

/**
 * Toasts raised by what every signed-in first screen loads (the shell, the route guard, the first
 * page): Sonner comes with the first toast instead of with those screens. The Toaster itself also
 * loads after the first screen (web/main.tsx) and shows toasts raised before it mounted.
 */
export const lazyToast = {
  success(title: string, options?: ExternalToast): void {
    void import("sonner").then(({ toast }) => toast.success(title, options));
  },
  error(title: string, options?: ExternalToast): void {
    void import("sonner").then(({ toast }) => toast.error(title, options));
  },
};
