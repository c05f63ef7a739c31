import { useCallback, useRef, useState } from "react";
import { lazyModule } from "#web/lib/load-when-idle.ts";
import { canCaptureScreen, isCaptureUnavailable, isPermissionDenied } from "./capture-support.ts";
import { toastCaptureFailed, toastCaptureNotSupported, toastPermissionDenied } from "./capture-toasts.ts";

/** The capture code, downloaded on first use (or earlier through `preload`). */
export const captureEngine = lazyModule(() => import("./capture-engine.ts"));

export interface Screenshot {
  /** A capture is under way (the browser's picker is open). */
  taking: boolean;
  /** Takes a screenshot; null when it was refused or failed (the toast says why). */
  take: () => Promise<File | null>;
}

/** One screenshot at a time, with the toasts of spec §8 for what goes wrong. */
export function useScreenshot(): Screenshot {
  const [taking, setTaking] = useState(false);
  const busy = useRef(false);
  const take = useCallback(async () => {
    if (!canCaptureScreen()) {
      toastCaptureNotSupported("screenshot");
      return null;
    }
    if (busy.current) return null;
    busy.current = true;
    setTaking(true);
    try {
      const { grabScreenshot } = await captureEngine.load();
      return await grabScreenshot();
    } catch (error) {
      if (isPermissionDenied(error)) toastPermissionDenied();
      else if (isCaptureUnavailable(error)) toastCaptureNotSupported("screenshot");
      else toastCaptureFailed();
      return null;
    } finally {
      busy.current = false;
      setTaking(false);
    }
  }, []);
  return { taking, take };
}
