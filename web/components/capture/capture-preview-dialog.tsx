import type { ReactNode, RefCallback } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { useObjectUrlSource } from "./use-object-url-source.ts";

/** What a caller gives a capture preview: open while there is a file; Attach does what the caller decides. */
export interface CapturePreviewProps {
  file: File | null;
  /** Discards this capture and captures again. */
  onRetake: () => void;
  /** Discards this capture (Cancel, Escape, the close button). */
  onCancel: () => void;
  onAttach: (file: File) => void;
  /** Attach is under way: the buttons wait. */
  attaching?: boolean;
}

/** The frame both previews share: title, the capture, then Retake/Re-record, Cancel and Attach (spec §4). */
export function CapturePreviewDialog({
  title,
  description,
  retakeLabel,
  file,
  onRetake,
  onCancel,
  onAttach,
  attaching = false,
  children,
}: CapturePreviewProps & {
  title: string;
  description: string;
  retakeLabel: string;
  /** The capture's element, its source set through the ref. */
  children: (source: RefCallback<HTMLImageElement | HTMLVideoElement>) => ReactNode;
}) {
  const source = useObjectUrlSource(file);
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => {
        if (!open && !attaching) onCancel();
      }}
    >
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex min-h-40 items-center justify-center overflow-hidden rounded-md border border-[var(--color-border)] bg-[var(--color-muted)]">
          {file ? children(source) : null}
        </div>
        {file ? <p className="text-sm break-all text-[var(--color-muted-foreground)]">{file.name}</p> : null}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={attaching} onClick={onRetake}>
            {retakeLabel}
          </Button>
          <Button type="button" variant="outline" disabled={attaching} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" disabled={attaching || !file} onClick={() => file && onAttach(file)}>
            {attaching ? "Attaching…" : "Attach"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
