import { recordingFileName } from "#common/domain/content";
import { type DisplayCaptureOptions, pickRecordingMimeType } from "./capture-support.ts";

/** MediaRecorder refused to start: the stream was granted, the recorder failed. */
export class RecorderStartError extends Error {
  constructor(cause: unknown) {
    super("The screen recorder could not start.", { cause });
    this.name = "RecorderStartError";
  }
}

export interface RecordingSession {
  /** The type the recorder records, with its codecs when it names them. */
  readonly mimeType: string;
  /** False when audio was asked for but the shared screen offered none. */
  readonly hasAudio: boolean;
  /** Stops recording; the file arrives through `onFinished`. Safe to call more than once. */
  stop(): void;
  /** Stops recording by itself once it has lasted this many seconds (counted from its start). */
  limitTo(seconds: number): void;
  /** Stops recording and drops what was recorded (the caller went away). */
  abandon(): void;
}

export interface RecordingRequest {
  audio: boolean;
  onFinished: (file: File) => void;
  /** The recorder failed after it had started; nothing usable was recorded. */
  onFailed: (error: unknown) => void;
  now?: () => Date;
}

function stopAll(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * WebM from MediaRecorder has no duration in its header, so players cannot seek it; the fix
 * rewrites the header (fix-webm-duration, loaded only when a recording is finished).
 */
async function withDuration(blob: Blob, durationMs: number): Promise<Blob> {
  if (!blob.type.startsWith("video/webm")) return blob;
  try {
    const { default: fixWebmDuration } = await import("fix-webm-duration");
    return await fixWebmDuration(blob, durationMs, { logger: false });
  } catch {
    // The unfixed recording still plays; only seeking suffers.
    return blob;
  }
}

/**
 * Asks the browser to share a screen (with its audio when `audio`), records it with the best type
 * the browser offers and answers a session to stop it. Recording also stops when the user ends the
 * sharing from the browser's own bar, and after `maxSeconds`. The finished file is named
 * recording-{timestamp}.webm (or .mp4 where the browser records MP4). A refused share rejects with
 * the browser's NotAllowedError; a recorder that cannot start rejects with RecorderStartError.
 */
export async function startScreenRecording(request: RecordingRequest): Promise<RecordingSession> {
  const { audio, onFinished, onFailed, now = () => new Date() } = request;
  const options: DisplayCaptureOptions = { video: true, audio };
  const stream = await navigator.mediaDevices.getDisplayMedia(options);

  let recorder: MediaRecorder;
  const preferred = pickRecordingMimeType();
  try {
    recorder = new MediaRecorder(stream, preferred ? { mimeType: preferred } : undefined);
  } catch (error) {
    stopAll(stream);
    throw new RecorderStartError(error);
  }

  const chunks: Blob[] = [];
  let startedAt = Date.now();
  let abandoned = false;
  let failed = false;
  const timer: { limit?: ReturnType<typeof setTimeout> } = {};
  const mimeType = recorder.mimeType || preferred || "video/webm";

  const stop = () => {
    clearTimeout(timer.limit);
    if (recorder.state !== "inactive") recorder.stop();
    stopAll(stream);
  };

  recorder.addEventListener("dataavailable", (event: BlobEvent) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  recorder.addEventListener("error", (event) => {
    failed = true;
    stop();
    if (!abandoned) onFailed((event as ErrorEvent).error ?? event);
  });
  recorder.addEventListener("stop", () => {
    if (abandoned || failed) return;
    const type = mimeType.split(";")[0] ?? "video/webm";
    const recorded = new Blob(chunks, { type });
    void withDuration(recorded, Date.now() - startedAt).then((blob) => {
      if (!abandoned) onFinished(new File([blob], recordingFileName(now(), mimeType), { type }));
    });
  });
  // The browser's own "Stop sharing" ends the video track.
  for (const track of stream.getVideoTracks()) track.addEventListener("ended", stop, { once: true });

  try {
    // A chunk a second, so a long recording is not held as one buffer inside the recorder.
    recorder.start(1000);
  } catch (error) {
    stopAll(stream);
    throw new RecorderStartError(error);
  }
  startedAt = Date.now();

  return {
    mimeType,
    hasAudio: stream.getAudioTracks().length > 0,
    stop,
    limitTo: (seconds) => {
      if (recorder.state === "inactive") return;
      clearTimeout(timer.limit);
      timer.limit = setTimeout(stop, Math.max(0, seconds * 1000 - (Date.now() - startedAt)));
    },
    abandon: () => {
      abandoned = true;
      stop();
    },
  };
}
