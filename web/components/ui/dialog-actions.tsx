import { Button, type ButtonProps } from "./button.tsx";
import { DialogClose, DialogFooter } from "./dialog.tsx";

/** "Cancel", closing the dialog it stands in. */
export function DialogCancelButton() {
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline">
        Cancel
      </Button>
    </DialogClose>
  );
}

/**
 * A dialog's footer: Cancel, then the dialog's action, disabled and showing `busyLabel` while
 * `busy`. Without `onClick` the action submits the form it stands in.
 */
export function DialogActions({
  label,
  busyLabel = label,
  busy,
  onClick,
  variant,
  hideAction = false,
}: {
  label: string;
  busyLabel?: string;
  busy: boolean;
  onClick?: () => void;
  variant?: ButtonProps["variant"];
  /** Leaves only Cancel (nothing to save yet). */
  hideAction?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogCancelButton />
      {hideAction ? null : (
        <Button type={onClick ? "button" : "submit"} variant={variant} disabled={busy} onClick={onClick}>
          {busy ? busyLabel : label}
        </Button>
      )}
    </DialogFooter>
  );
}
