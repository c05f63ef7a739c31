import { type RefObject, useEffect } from "react";
import { type Location, useBlocker } from "react-router";
import { UnsavedChangesDialog } from "#web/components/unsaved-changes-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";

export const SAVE_IN_PROGRESS_TITLE = "Saving in progress";
export const SAVE_IN_PROGRESS_TEXT =
  "The connection is still being saved (a database is tested first, which can take a few seconds). Stay on this page until it is done.";

function connectionParam(location: Location): string | null {
  return new URLSearchParams(location.search).get("connection");
}

/** Leaving the path, or opening another connection (?connection= changes, which would replace the edits). */
function leavesSetup(currentLocation: Location, nextLocation: Location): boolean {
  return currentLocation.pathname !== nextLocation.pathname || connectionParam(currentLocation) !== connectionParam(nextLocation);
}

/**
 * Asks before the wizard's unsaved details are thrown away (Keep Editing / Discard Changes), and
 * holds the user on the page while a save runs. `allowNextLeaveRef` lets exactly one move through:
 * the wizard's own, after a save. It is a one-shot flag rather than navigation state, because
 * history entries keep their state and going Back to one must still ask.
 */
export function SetupLeaveGuard({
  dirty,
  saving,
  allowNextLeaveRef,
}: {
  dirty: boolean;
  saving: boolean;
  allowNextLeaveRef: RefObject<boolean>;
}) {
  const guarding = dirty || saving;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowNextLeaveRef.current) {
      allowNextLeaveRef.current = false;
      return false;
    }
    return guarding && leavesSetup(currentLocation, nextLocation);
  });

  // The user asked to leave during a save that has ended with nothing left unsaved: let them go.
  useEffect(() => {
    if (blocker.state === "blocked" && !guarding) blocker.proceed();
  }, [blocker, guarding]);

  useEffect(() => {
    if (!guarding) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [guarding]);

  const blocked = blocker.state === "blocked";
  return (
    <>
      <SaveInProgressDialog open={blocked && saving} onStay={() => blocker.reset?.()} />
      <UnsavedChangesDialog open={blocked && !saving} onKeepEditing={() => blocker.reset?.()} onDiscard={() => blocker.proceed?.()} />
    </>
  );
}

/** Leaving is not offered while a save runs: the save would land after the user thought it discarded. */
function SaveInProgressDialog({ open, onStay }: { open: boolean; onStay: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{SAVE_IN_PROGRESS_TITLE}</DialogTitle>
          <DialogDescription>{SAVE_IN_PROGRESS_TEXT}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" onClick={onStay}>
            Stay on this page
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
