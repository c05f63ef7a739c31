import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { whenIdle } from "./load-when-idle.ts";
import { queryKeys } from "./realtime/event-query-keys.ts";

// Set by a sign-out in this tab, cleared by the next sign-in: the profile still cached (or a read
// still on its way) must not keep showing the user who just left.
let sessionEnded = false;
const listeners = new Set<() => void>();

function setSessionEnded(value: boolean) {
  if (sessionEnded === value) return;
  sessionEnded = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True from a sign-out in this tab until the next sign-in (useSessionState reads it). */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, () => sessionEnded);
}

/**
 * After a sign-in, before going to a signed-in screen: drops the profile read before it and any
 * sign-out made in this tab, so the guard reads the new user from /api/me.
 */
export async function startSession(queryClient: QueryClient): Promise<void> {
  await queryClient.resetQueries({ queryKey: queryKeys.currentUser, exact: true });
  setSessionEnded(false);
}

/** Ends the session with Better Auth; false when it was refused or the server was unreachable. */
export async function endSession(): Promise<boolean> {
  const result = await loadAuthClient()
    .then((client) => client.signOut())
    .catch(() => ({ error: { message: "network" } }));
  if (result.error) return false;
  setSessionEnded(true);
  return true;
}

/** Better Auth's browser client (about 12 KB gzip), loaded on first use instead of with the first screens. */
export async function loadAuthClient() {
  return (await import("./auth-client.ts")).authClient;
}

/** A tab shown again after this long asks Better Auth again (a sign-out elsewhere, an expiry). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

let lastCheck = 0;
let stopKeeping: (() => void) | null = null;

/**
 * Better Auth extends a session's expiry only when its get-session endpoint is called, and the
 * signed-in screens read /api/me instead. So when the browser is idle after the first screen, and
 * again whenever the tab is shown after a minute or more, the auth client is loaded and asked.
 * When it answers that there is no session (signed out in another tab, expired), the profile is
 * read again, and its 401 sends the guard to sign-in.
 */
export function keepSessionFresh(queryClient: QueryClient): void {
  if (stopKeeping) return;
  let keeping = true;
  const check = () => {
    lastCheck = Date.now();
    void loadAuthClient()
      // Stopped while the client was still loading: no request (the app never stops; tests do).
      .then((client) => (keeping ? client.getSession() : null))
      .then((result) => {
        if (result && !result.error && !result.data) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser, exact: true });
      })
      .catch(() => undefined);
  };
  const cancelIdleCheck = whenIdle(check);
  const onShown = () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck >= SESSION_CHECK_INTERVAL_MS) check();
  };
  document.addEventListener("visibilitychange", onShown);
  stopKeeping = () => {
    keeping = false;
    cancelIdleCheck();
    document.removeEventListener("visibilitychange", onShown);
    lastCheck = 0;
    stopKeeping = null;
  };
}

/**
 * Undoes keepSessionFresh, as if the tab had never called it. The app never stops; the component
 * tests, whose files share this module and one document, start and end each file with it.
 */
export function stopKeepingSessionFresh(): void {
  stopKeeping?.();
}
