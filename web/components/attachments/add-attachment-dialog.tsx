import { Library, Upload } from "lucide-react";
import { useId, useState } from "react";
import { titleFromFileName } from "#common/domain/content";
import { CaptureButtons, isScreenCaptureAvailable } from "#web/components/capture/capture-buttons.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import type { CaptureKind } from "#web/lib/capture/capture-support.ts";
import { toastCaptureAttached, toastCaptureUploadFailed } from "#web/lib/capture/capture-toasts.ts";
import { type AttachmentTarget, uploadAndAttach, useRefreshAttachments } from "./attachments-api.ts";
import { SelectExistingForm } from "./select-existing-form.tsx";
import { UploadNewForm } from "./upload-new-form.tsx";

export interface AddAttachmentDialogProps extends AttachmentTarget {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type AddTab = "upload" | "existing";

/**
 * Add Attachment (spec §2, §5): Upload New or Select Existing, each in its tab, and a screenshot
 * or screen recording which, once Attach is pressed in its preview, goes to the library and is
 * attached. Everything starts afresh each time the dialog opens.
 */
export function AddAttachmentDialog({ entityType, entityId, open, onOpenChange }: AddAttachmentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add attachment</DialogTitle>
          {/* Capture is offered only where the browser can do it (not on phones): the text says so too. */}
          <DialogDescription>
            {isScreenCaptureAvailable()
              ? "Upload a new file, choose one from your file library, or capture your screen."
              : "Upload a new file or choose one from your file library."}
          </DialogDescription>
        </DialogHeader>
        {open ? <AddAttachmentBody target={{ entityType, entityId }} close={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddAttachmentBody({ target, close }: { target: AttachmentTarget; close: () => void }) {
  const captureHeadingId = useId();
  const [tab, setTab] = useState<AddTab>("upload");
  const [existingShown, setExistingShown] = useState(false);
  const refresh = useRefreshAttachments(target);

  const changeTab = (next: string) => {
    const value: AddTab = next === "existing" ? "existing" : "upload";
    setTab(value);
    if (value === "existing") setExistingShown(true);
  };

  const attachCapture = async (file: File, kind: CaptureKind) => {
    try {
      await uploadAndAttach(target, { file, title: titleFromFileName(file.name) });
    } catch (error) {
      toastCaptureUploadFailed(kind);
      throw error;
    }
    void refresh({ uploaded: true });
    toastCaptureAttached(kind);
    close();
  };

  return (
    <div className="min-w-0 space-y-5">
      {isScreenCaptureAvailable() ? (
        <section aria-labelledby={captureHeadingId} className="space-y-2 rounded-md border border-[var(--color-border)] p-3">
          <h3 id={captureHeadingId} className="text-sm font-medium">
            Capture your screen
          </h3>
          <CaptureButtons onCaptured={attachCapture} />
        </section>
      ) : null}
      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList aria-label="How to add the attachment">
          <TabsTrigger value="upload">
            <Upload aria-hidden="true" />
            Upload New
          </TabsTrigger>
          <TabsTrigger value="existing">
            <Library aria-hidden="true" />
            Select Existing
          </TabsTrigger>
        </TabsList>
        <TabsContent value="upload">
          <UploadNewForm target={target} onDone={close} />
        </TabsContent>
        <TabsContent value="existing">{existingShown ? <SelectExistingForm target={target} onDone={close} /> : null}</TabsContent>
      </Tabs>
    </div>
  );
}
