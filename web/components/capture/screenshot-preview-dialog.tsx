import { CapturePreviewDialog, type CapturePreviewProps } from "./capture-preview-dialog.tsx";

/** "Screenshot preview": the captured image with Retake, Cancel and Attach. */
export function ScreenshotPreviewDialog(props: CapturePreviewProps) {
  return (
    <CapturePreviewDialog
      {...props}
      title="Screenshot preview"
      description="Check the screenshot before you attach it."
      retakeLabel="Retake"
    >
      {(source) => <img ref={source} alt="The captured screenshot" className="max-h-[60vh] w-auto max-w-full object-contain" />}
    </CapturePreviewDialog>
  );
}
