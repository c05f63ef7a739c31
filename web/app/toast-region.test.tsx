import { act, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { createToastRegion } from "./toast-region.tsx";
import type * as SonnerModule from "sonner";

type Sonner = typeof SonnerModule;

// Component tests record toasts instead of drawing them (tests/setup): this one needs the real
// Sonner, and Sonner follows the system theme through matchMedia, which jsdom lacks.
beforeEach(() => {
  vi.stubGlobal("matchMedia", (media: string) => ({ matches: false, media, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ToastRegion", () => {
  it("is a live region from the first render, so a toast raised in a dialog opened before Sonner loaded is announced", async () => {
    let finishLoading: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (finishLoading = resolve));
    const sonner = await vi.importActual<Sonner>("sonner");
    const ToastRegion = createToastRegion(async () => {
      await loaded;
      return sonner;
    });
    render(
      <>
        <ToastRegion />
        <Dialog open>
          <DialogContent>
            <DialogTitle>Add attachment</DialogTitle>
            <DialogDescription>Capture your screen.</DialogDescription>
          </DialogContent>
        </Dialog>
      </>,
    );
    expect(screen.getByRole("region", { name: "Notifications" }).getAttribute("aria-live")).toBe("polite");

    // Sonner finishes loading only now, with the dialog already hiding the rest of the page.
    await act(async () => finishLoading());
    await screen.findByRole("region", { name: "Notifications alt+T" });
    act(() => {
      sonner.toast.error("Permission Denied", { description: "Screen recording permission was denied." });
    });
    // Sonner's store is the module's: a toast another test raised may still be listed.
    const region = screen.getByRole("region", { name: /^Notifications/ });
    await waitFor(() => {
      const listed = within(region).getAllByRole("listitem");
      expect(listed.some((item) => item.textContent?.includes("Permission Denied"))).toBe(true);
    });
  });
});
