import { vi } from "vitest";

/**
 * A stand-in for sonner in component tests: every toast is recorded, none is shown. The unit
 * projects' setup file (tests/setup/cleanup-dom.ts) mocks sonner with this module for every web
 * test and empties the record before each test; a test reads what was toasted:
 *
 *   import { toasts } from "#web/lib/testing/toast-recorder.ts";
 *   expect(toasts.error).toEqual([["Could not save"]]);
 */
const KINDS = ["message", "success", "error", "info", "warning"] as const;
export type ToastKind = (typeof KINDS)[number];

/** The arguments of every toast since the last reset, by kind (`message`: a plain `toast(…)`). */
export const toasts: Readonly<Record<ToastKind, unknown[][]>> = { message: [], success: [], error: [], info: [], warning: [] };

let lastId = 0;

function recorderOf(kind: ToastKind) {
  return vi.fn((...args: unknown[]): number => {
    toasts[kind].push(args);
    lastId += 1;
    return lastId;
  });
}

/**
 * sonner's `toast` as the app calls it: callable, with success, error, info, warning and dismiss.
 * Each is a `vi.fn()`, so a test may also assert with `toHaveBeenCalledWith`.
 */
export const toast = Object.assign(recorderOf("message"), {
  success: recorderOf("success"),
  error: recorderOf("error"),
  info: recorderOf("info"),
  warning: recorderOf("warning"),
  dismiss: vi.fn(),
});

/** sonner's toast area: the record stands in for it, so it renders nothing. */
export function Toaster(): null {
  return null;
}

/** Forgets every toast and call; the arrays of `toasts` are emptied in place. */
export function resetToasts(): void {
  for (const kind of KINDS) toasts[kind].length = 0;
  for (const recorded of [toast, toast.success, toast.error, toast.info, toast.warning, toast.dismiss]) recorded.mockClear();
}
