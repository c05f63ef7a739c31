import { useEffect } from "react";
import { type Location, type NavigationType, useBlocker } from "react-router";
import { Button } from "./ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog.tsx";

export const UNSAVED_CHANGES_TITLE = "Unsaved changes";
export const UNSAVED_CHANGES_TEXT = "You have unsaved changes. Leave this page and discard them?";

/**
 * Asks before unsaved changes are thrown away (spec §2): "Keep Editing" (focused first; Escape and
 * the close button mean the same) or "Discard Changes".
 */
export function UnsavedChangesDialog({
  open,
  onKeepEditing,
  onDiscard,
}: {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onKeepEditing();
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{UNSAVED_CHANGES_TITLE}</DialogTitle>
          <DialogDescription>{UNSAVED_CHANGES_TEXT}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onKeepEditing}>
            Keep Editing
          </Button>
          <Button type="button" variant="destructive" onClick={onDiscard}>
            Discard Changes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Which moves leave the page: by default any move to another path. `historyAction` is "POP" for Back and Forward. */
export type LeavesPage = (move: { currentLocation: Location; nextLocation: Location; historyAction: NavigationType }) => boolean;

const toAnotherPath: LeavesPage = ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname;

/**
 * While `when` holds, leaving the page asks first: an in-app navigation that `leavesPage` opens
 * the UnsavedChangesDialog; closing or reloading the tab gets the browser's own prompt (a page
 * cannot show its own dialog there). Needs a data router (useBlocker).
 */
export function UnsavedChangesGuard({ when, leavesPage = toAnotherPath }: { when: boolean; leavesPage?: LeavesPage }) {
  const blocker = useBlocker((move) => when && leavesPage(move));

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
