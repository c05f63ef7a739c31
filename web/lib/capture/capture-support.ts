/**
 * What the browser offers for screen capture, read without loading the capture code: the buttons
 * show only where both a screenshot and a recording can be made (phones have neither).
 */

export type CaptureKind = "screenshot" | "recording";

/** getDisplayMedia's options with Chrome's preferCurrentTab, which the DOM typings do not carry yet. */
export type DisplayCaptureOptions = DisplayMediaStreamOptions & { preferCurrentTab?: boolean };

/** The recording types tried in order: WebM with VP9, then VP8, then any WebM, then MP4 (Safari). */
export const RECORDING_MIME_TYPES = ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm", "video/mp4"] as const;

/** The longest recording when the server's limit cannot be read (CAPTURE_MAX_SECONDS' default). */
export const DEFAULT_CAPTURE_MAX_SECONDS = 300;

export function canCaptureScreen(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getDisplayMedia === "function";
}

export function canRecordScreen(): boolean {
  return canCaptureScreen() && typeof globalThis.MediaRecorder === "function";
}

/** The first type the browser records, or "" to let MediaRecorder choose. */
export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean = (type) => MediaRecorder.isTypeSupported(type)): string {
  return RECORDING_MIME_TYPES.find((type) => isTypeSupported(type)) ?? "";
}

function errorName(error: unknown): unknown {
  return typeof error === "object" && error !== null && "name" in error ? error.name : undefined;
}

export function isPermissionDenied(error: unknown): boolean {
  const name = errorName(error);
  return name === "NotAllowedError" || name === "PermissionDeniedError";
}

/**
 * The browser has getDisplayMedia but nothing to offer: no source to pick (NotFoundError) or no
 * screen capture here after all (NotSupportedError). Trying again would not help, so it is said
 * as Not Supported rather than as a failure.
 */
export function isCaptureUnavailable(error: unknown): boolean {
  const name = errorName(error);
  return name === "NotFoundError" || name === "NotSupportedError";
}

/** "m:ss" for a count of seconds. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
