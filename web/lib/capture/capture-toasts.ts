import { lazyToast } from "#web/lib/lazy-toast.ts";
import type { CaptureKind } from "./capture-support.ts";

/** The capture toasts of spec §8, word for word. */

/** §8's Not Supported text; also the note shown in place of the capture buttons where there are none. */
export const SCREEN_CAPTURE_UNAVAILABLE = "Screen capture is not available in this browser.";

export function toastCaptureNotSupported(kind: CaptureKind): void {
  lazyToast.error("Not Supported", {
    description: kind === "screenshot" ? SCREEN_CAPTURE_UNAVAILABLE : "Screen recording is not available in this browser.",
  });
}

export function toastPermissionDenied(): void {
  lazyToast.error("Permission Denied", { description: "Screen recording permission was denied." });
}

export function toastCaptureFailed(): void {
  lazyToast.error("Capture Failed", { description: "Failed to capture the screen. Please try again." });
}

/** Says when audio was asked for but the shared screen offered none (a window, or the box left unticked in the picker). */
export function toastRecordingStarted(audioAsked: boolean, audioRecorded: boolean): void {
  const description = audioRecorded
    ? "Recording screen and audio..."
    : audioAsked
      ? "Recording screen... No audio was shared, so the recording has no sound."
      : "Recording screen...";
  lazyToast.success("Recording Started", { description });
}

export function toastRecordingFailed(): void {
  lazyToast.error("Recording Failed", { description: "Failed to start recording. Please try again." });
}

export function toastRecordingSaved(): void {
  lazyToast.success("Recording Saved", { description: "Review your recording before attaching." });
}

export function toastCaptureAttached(kind: CaptureKind): void {
  if (kind === "screenshot") lazyToast.success("Screenshot Attached", { description: "Your screenshot has been added to attachments." });
  else lazyToast.success("Recording Attached", { description: "Your screen recording has been added to attachments." });
}

export function toastCaptureUploadFailed(kind: CaptureKind): void {
  lazyToast.error("Upload Failed", { description: `Failed to upload ${kind}. Please try again.` });
}
