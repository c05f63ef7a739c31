import { Camera, Circle, Square } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { cn } from "#web/lib/cn.ts";
import { type CaptureKind, canCaptureScreen, canRecordScreen, formatClock } from "#web/lib/capture/capture-support.ts";
import { SCREEN_CAPTURE_UNAVAILABLE } from "#web/lib/capture/capture-toasts.ts";
import { useScreenRecording } from "#web/lib/capture/use-screen-recording.ts";
import { captureEngine, useScreenshot } from "#web/lib/capture/use-screenshot.ts";
import { RecordingPreviewDialog } from "./recording-preview-dialog.tsx";
import { ScreenshotPreviewDialog } from "./screenshot-preview-dialog.tsx";

export interface CaptureButtonsProps {
  /**
   * The user pressed Attach in a preview. A promise keeps the preview open (Attach busy) until it
   * settles: fulfilled closes it, rejected leaves it open to try again (the caller says why).
   */
  onCaptured: (file: File, kind: CaptureKind) => void | Promise<unknown>;
  disabled?: boolean;
  className?: string;
}

/** True where both a screenshot and a recording can be made; the buttons render only then. */
export function isScreenCaptureAvailable(): boolean {
  return canCaptureScreen() && canRecordScreen();
}

/**
 * "Take screenshot" and "Record screen" (with its "Record audio" toggle and a timer against the
 * length limit), each leading to its preview; what Attach does is the caller's. Where the browser
 * cannot capture the screen (phones) a muted line says so instead: buttons that only ever answer
 * Not Supported would be worse, and nothing at all leaves the user looking for them.
 */
export function CaptureButtons(props: CaptureButtonsProps) {
  if (!isScreenCaptureAvailable()) {
    return <p className={cn("text-sm text-[var(--color-muted-foreground)]", props.className)}>{SCREEN_CAPTURE_UNAVAILABLE}</p>;
  }
  return <AvailableCaptureButtons {...props} />;
}

function AvailableCaptureButtons({ onCaptured, disabled = false, className }: CaptureButtonsProps) {
  const audioId = useId();
  const screenshot = useScreenshot();
  const recorder = useScreenRecording();
  const [shot, setShot] = useState<File | null>(null);
  const [attaching, setAttaching] = useState(false);
  const recording = recorder.phase === "recording";
  const busy = disabled || screenshot.taking || recorder.phase === "starting";
  const preload = () => void captureEngine.load().catch(() => undefined);

  const takeScreenshot = async () => {
    setShot(null);
    const file = await screenshot.take();
    if (file) setShot(file);
  };

  const attach = async (file: File, kind: CaptureKind, done: () => void) => {
    setAttaching(true);
    try {
      await onCaptured(file, kind);
      done();
    } catch {
      // The caller has said what went wrong; the preview stays for another try.
    } finally {
      setAttaching(false);
    }
  };

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)} onPointerEnter={preload} onFocus={preload}>
      <Button type="button" variant="outline" size="sm" disabled={busy || recording} onClick={() => void takeScreenshot()}>
        <Camera aria-hidden="true" />
        Take screenshot
      </Button>
      {recording ? (
        <Button type="button" variant="destructive" size="sm" onClick={recorder.stop}>
          <Square aria-hidden="true" />
          Stop recording
        </Button>
      ) : (
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void recorder.start()}>
          <Circle aria-hidden="true" />
          Record screen
        </Button>
      )}
      {recording ? (
        <RecordingTimer elapsed={recorder.elapsedSeconds} limit={recorder.limitSeconds} />
      ) : (
        <div className="flex items-center gap-2">
          <Checkbox
            id={audioId}
            checked={recorder.audio}
            disabled={busy}
            onChange={(event) => recorder.setAudio(event.target.checked)}
          />
          <Label htmlFor={audioId} className="font-normal">
            Record audio
          </Label>
        </div>
      )}
      <ScreenshotPreviewDialog
        file={shot}
        attaching={attaching}
        onRetake={() => void takeScreenshot()}
        onCancel={() => setShot(null)}
        onAttach={(file) => void attach(file, "screenshot", () => setShot(null))}
      />
      <RecordingPreviewDialog
        file={recorder.recording}
        attaching={attaching}
        onRetake={() => {
          recorder.clear();
          void recorder.start();
        }}
        onCancel={recorder.clear}
        onAttach={(file) => void attach(file, "recording", recorder.clear)}
      />
    </div>
  );
}

/** Elapsed and remaining time against the limit; a timer role, so it is not read out every second. */
function RecordingTimer({ elapsed, limit }: { elapsed: number; limit: number | null }) {
  const remaining = limit === null ? null : Math.max(0, limit - elapsed);
  return (
    <span role="timer" aria-label="Recording time" className="inline-flex items-center gap-2 text-sm tabular-nums">
      <span aria-hidden="true" className="size-2 rounded-full bg-[var(--color-destructive)] motion-safe:animate-pulse" />
      {formatClock(elapsed)}
      {limit === null ? null : (
        <span className="text-[var(--color-muted-foreground)]">
          {` of ${formatClock(limit)} (${formatClock(remaining ?? 0)} left)`}
        </span>
      )}
    </span>
  );
}
