import { Button } from "#web/components/ui/button.tsx";
import { DialogCancelButton } from "#web/components/ui/dialog-actions.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";

export const NDA_REQUIRED_TITLE = "NDA Required";
/** Spec §8: the NDA is invited before more business information is collected and data sources connected. */
export const NDA_REQUIRED_TEXT =
  "Before we collect more business information and connect your data sources, we invite you to sign a mutual NDA with us.";

/** Shown instead of navigating when an item needs the organization's NDA (spec §2). */
export function NdaRequiredDialog({
  open,
  onOpenChange,
  onSignNda,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Goes to /nda. */
  onSignNda: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{NDA_REQUIRED_TITLE}</DialogTitle>
          <DialogDescription>{NDA_REQUIRED_TEXT}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogCancelButton />
          <Button type="button" onClick={onSignNda}>
            Sign NDA
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
