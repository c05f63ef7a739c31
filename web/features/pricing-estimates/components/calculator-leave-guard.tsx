import type { Location } from "react-router";
import { type LeavesPage, UnsavedChangesGuard } from "#web/components/unsaved-changes-dialog.tsx";

/**
 * Navigation state that passes the guard: after a save or a deletion there is nothing left to lose.
 * It counts only for the move that sets it: history entries keep their state, and going Back or
 * Forward to such an entry while editing must still ask.
 */
export const SKIP_LEAVE_GUARD = { skipLeaveGuard: true } as const;

function estimateParam(location: Location): string | null {
  return new URLSearchParams(location.search).get("estimate");
}

function skipsGuard(location: Location): boolean {
  const state: unknown = location.state;
  return typeof state === "object" && state !== null && "skipLeaveGuard" in state;
}

/** Leaving the path, or opening another estimate (?estimate= changes, which would replace the edits). */
const leavesCalculator: LeavesPage = ({ currentLocation, nextLocation, historyAction }) =>
  !(historyAction !== "POP" && skipsGuard(nextLocation)) &&
  (currentLocation.pathname !== nextLocation.pathname || estimateParam(currentLocation) !== estimateParam(nextLocation));

/** The unsaved-changes guard for the calculator: also asks when another estimate is opened on the page. */
export function CalculatorLeaveGuard({ when }: { when: boolean }) {
  return <UnsavedChangesGuard when={when} leavesPage={leavesCalculator} />;
}
