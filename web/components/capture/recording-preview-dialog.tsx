import { CapturePreviewDialog, type CapturePreviewProps } from "./capture-preview-dialog.tsx";

/** "Recording preview": the recording in a player with Re-record, Cancel and Attach. */
export function RecordingPreviewDialog(props: CapturePreviewProps) {
  return (
    <CapturePreviewDialog
      {...props}
      title="Recording preview"
      description="Watch the recording before you attach it."
      retakeLabel="Re-record"
    >
      {(source) => (
        <video ref={source} controls playsInline aria-label="The screen recording" className="max-h-[60vh] w-full bg-black" />
      )}
    </CapturePreviewDialog>
  );
}
