import { useEffect } from "react";
import { type Location, useBlocker } from "react-router";
import { UnsavedChangesDialog } from "#web/components/unsaved-changes-dialog.tsx";

/** Navigation state that passes the guard: after a save or a deletion there is nothing left to lose. */
export const SKIP_LEAVE_GUARD = { skipLeaveGuard: true } as const;

function estimateParam(location: Location): string | null {
  return new URLSearchParams(location.search).get("estimate");
}

function skipsGuard(location: Location): boolean {
  const state: unknown = location.state;
  return typeof state === "object" && state !== null && "skipLeaveGuard" in state;
}

/**
 * The unsaved-changes guard for the calculator. Unlike UnsavedChangesGuard it also asks when
 * another estimate is opened on the same page (?estimate= changes), which would replace the edits.
 */
export function CalculatorLeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !skipsGuard(nextLocation) &&
      (currentLocation.pathname !== nextLocation.pathname || estimateParam(currentLocation) !== estimateParam(nextLocation)),
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  return (
    <UnsavedChangesDialog
      open={blocker.state === "blocked"}
      onKeepEditing={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}
