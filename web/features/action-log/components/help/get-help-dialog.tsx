import { type RefObject, useRef, useState } from "react";
import { UnsavedChangesDialog } from "#web/components/unsaved-changes-dialog.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { GetHelpForm, type HelpFormState } from "./get-help-form.tsx";

export interface GetHelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, which gets the focus back (it is no Radix trigger). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * Get Expert Help (spec §2, §4): closing it (X, Escape, Cancel, a click outside) while something
 * was entered asks Keep Editing / Discard Changes first; closing it while it sends does nothing.
 * The form starts afresh each time it opens.
 */
export function GetHelpDialog({ open, onOpenChange, returnFocusTo }: GetHelpDialogProps) {
  const form = useRef<HelpFormState>({ dirty: false, saving: false });
  const [confirming, setConfirming] = useState(false);

  const requestClose = () => {
    if (form.current.saving) return;
    if (form.current.dirty) setConfirming(true);
    else onOpenChange(false);
  };

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
        <DialogContent
          className="max-w-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Get Expert Help</DialogTitle>
            <DialogDescription>Report an issue, ask a question or request help: an expert of our team will follow up.</DialogDescription>
          </DialogHeader>
          {open ? (
            <GetHelpForm
              onStateChange={(state) => {
                form.current = state;
              }}
              onSent={() => {
                form.current = { dirty: false, saving: false };
                onOpenChange(false);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <UnsavedChangesDialog
        open={confirming}
        onKeepEditing={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          form.current = { dirty: false, saving: false };
          onOpenChange(false);
        }}
      />
    </>
  );
}
