import type { Location } from "react-router";
import { type LeavesPage, UnsavedChangesGuard } from "#web/components/unsaved-changes-dialog.tsx";

/** Navigation state that passes the guard: after a save, or when the existing connection is opened instead. */
export const SKIP_LEAVE_GUARD = { skipLeaveGuard: true } as const;

function connectionParam(location: Location): string | null {
  return new URLSearchParams(location.search).get("connection");
}

function skipsGuard(location: Location): boolean {
  const state: unknown = location.state;
  return typeof state === "object" && state !== null && "skipLeaveGuard" in state;
}

/** Leaving the path, or opening another connection (?connection= changes, which would replace the edits). */
const leavesSetup: LeavesPage = ({ currentLocation, nextLocation }) =>
  !skipsGuard(nextLocation) &&
  (currentLocation.pathname !== nextLocation.pathname || connectionParam(currentLocation) !== connectionParam(nextLocation));

/** Asks before the wizard's unsaved details are thrown away (Keep Editing / Discard Changes). */
export function SetupLeaveGuard({ when }: { when: boolean }) {
  return <UnsavedChangesGuard when={when} leavesPage={leavesSetup} />;
}
