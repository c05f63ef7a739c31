import { type RefObject, startTransition, useCallback, useEffect, useState } from "react";

/** A module fetched with import() at most once; after a failed download the next call tries again. */
export interface LazyModule<T> {
  load(): Promise<T>;
  isLoaded(): boolean;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | null = null;
  let loaded = false;
  return {
    load() {
      pending ??= importer().then(
        (module) => {
          loaded = true;
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    isLoaded: () => loaded,
  };
}

/** How long an idle callback may wait for the browser to be idle before it runs anyway. */
export const IDLE_TIMEOUT_MS = 2000;
/** Without requestIdleCallback (Safari), a moment after the first screen instead. */
export const NO_IDLE_CALLBACK_DELAY_MS = 200;

let firstScreenReady: Promise<void> | null = null;

/**
 * Idle work waits for `ready` too: main.tsx passes "the first screen's data has arrived", so that
 * code for later (menus, panels, the auth client) does not compete with what the first screen is
 * still downloading.
 */
export function deferIdleWorkUntil(ready: Promise<void>): void {
  firstScreenReady = ready;
  void ready.then(() => {
    if (firstScreenReady === ready) firstScreenReady = null;
  });
}

/**
 * Runs `task` once the first screen is ready (see deferIdleWorkUntil) and the browser is idle (a
 * moment later where it cannot tell); returns a cancel.
 */
export function whenIdle(task: () => void): () => void {
  const ready = firstScreenReady;
  if (!ready) return scheduleIdle(task);
  let cancelIdle: (() => void) | null = null;
  let cancelled = false;
  void ready.then(() => {
    if (!cancelled) cancelIdle = scheduleIdle(task);
  });
  return () => {
    cancelled = true;
    cancelIdle?.();
  };
}

function scheduleIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, NO_IDLE_CALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}

export interface ModuleWhenIdle {
  /** The module is there: the component swaps its stand-in for the real element. */
  loaded: boolean;
  /** The stand-in had the focus when the module arrived: the real element takes it when it mounts. */
  takeFocus: boolean;
  /** Starts the download at once (pointer enter, focus, click on the stand-in); false when it failed. */
  load: () => Promise<boolean>;
}

/**
 * Code the first screen does not need (Radix menus, tooltips, dialogs): `module` downloads when the
 * browser is idle after the first render, or at once when `load` is called. The component shows a
 * look-alike stand-in until `loaded`; `standIn` lets it hand the focus over to the real element.
 */
export function useModuleWhenIdle(module: LazyModule<unknown>, standIn?: RefObject<Element | null>): ModuleWhenIdle {
  const [state, setState] = useState(() => ({ loaded: module.isLoaded(), takeFocus: false }));

  const load = useCallback(
    () =>
      module.load().then(
        () => {
          const takeFocus = standIn?.current != null && standIn.current === document.activeElement;
          // A transition: the stand-in stays on screen until the real element has rendered.
          startTransition(() => setState((current) => (current.loaded ? current : { loaded: true, takeFocus })));
          return true;
        },
        // The stand-in stays; the next interaction tries again.
        () => false,
      ),
    [module, standIn],
  );

  useEffect(() => {
    if (state.loaded) return;
    return whenIdle(() => void load());
  }, [state.loaded, load]);

  return { ...state, load };
}
