import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { DEFAULT_CAPTURE_MAX_SECONDS, canRecordScreen, isCaptureUnavailable, isPermissionDenied } from "./capture-support.ts";
import { toastCaptureNotSupported, toastPermissionDenied, toastRecordingFailed, toastRecordingSaved, toastRecordingStarted } from "./capture-toasts.ts";
import type { RecordingSession } from "./screen-recorder.ts";
import { captureEngine } from "./use-screenshot.ts";

/** The capture limit, read once and kept a while: every recording needs it, and it rarely changes. */
const CAPTURE_LIMIT_KEY = [...queryKeys.content, "capture-limit"] as const;
const CAPTURE_LIMIT_STALE_MS = 5 * 60_000;

export type RecordingPhase = "idle" | "starting" | "recording";

export interface ScreenRecording {
  phase: RecordingPhase;
  /** Record the shared screen's audio too (the toggle; hidden while recording). */
  audio: boolean;
  setAudio: (audio: boolean) => void;
  /** Whole seconds recorded so far, while recording. */
  elapsedSeconds: number;
  /** The longest recording (the server's CAPTURE_MAX_SECONDS), known once a recording starts. */
  limitSeconds: number | null;
  start: () => Promise<void>;
  stop: () => void;
  /** The last finished recording, until `clear`. */
  recording: File | null;
  clear: () => void;
}

/**
 * A screen recording: start (asking for the screen, and its audio when the toggle is on), a timer
 * against the length limit, stop (the button, the browser's "Stop sharing", or the limit), and the
 * finished file to preview. Toasts as spec §8 words them.
 */
export function useScreenRecording(): ScreenRecording {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<RecordingPhase>("idle");
  const [audio, setAudio] = useState(false);
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [limitSeconds, setLimitSeconds] = useState<number | null>(null);
  const [recording, setRecording] = useState<File | null>(null);
  const session = useRef<RecordingSession | null>(null);
  const busy = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      session.current?.abandon();
      session.current = null;
    };
  }, []);

  useEffect(() => {
    if (phase !== "recording") return;
    const startedAt = Date.now();
    const tick = setInterval(() => setElapsedSeconds(Math.floor((Date.now() - startedAt) / 1000)), 1000);
    return () => clearInterval(tick);
  }, [phase]);

  const start = useCallback(async () => {
    if (!canRecordScreen()) {
      toastCaptureNotSupported("recording");
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setPhase("starting");
    try {
      const engine = await captureEngine.load();
      // The limit is read while the browser asks for the screen: getDisplayMedia must follow the
      // click closely (user activation), so nothing slow may come before it.
      const limit = queryClient.fetchQuery({
        queryKey: CAPTURE_LIMIT_KEY,
        queryFn: ({ signal }) => engine.readCaptureLimitSeconds(callRoute, signal),
        staleTime: CAPTURE_LIMIT_STALE_MS,
      }).catch(() => DEFAULT_CAPTURE_MAX_SECONDS);
      const finish = () => {
        session.current = null;
        busy.current = false;
        setPhase("idle");
      };
      const started = await engine.startScreenRecording({
        audio,
        onFinished: (file) => {
          finish();
          setRecording(file);
          toastRecordingSaved();
        },
        onFailed: () => {
          finish();
          toastRecordingFailed();
        },
      });
      if (!mounted.current) {
        started.abandon();
        return;
      }
      session.current = started;
      setElapsedSeconds(0);
      setLimitSeconds(null);
      toastRecordingStarted(audio, started.hasAudio);
      setPhase("recording");
      const maxSeconds = await limit;
      started.limitTo(maxSeconds);
      if (session.current === started) setLimitSeconds(maxSeconds);
    } catch (error) {
      busy.current = false;
      setPhase("idle");
      if (isPermissionDenied(error)) toastPermissionDenied();
      // A recorder that cannot start arrives as RecorderStartError, so it stays Recording Failed.
      else if (isCaptureUnavailable(error)) toastCaptureNotSupported("recording");
      else toastRecordingFailed();
    }
  }, [audio, queryClient]);

  const stop = useCallback(() => session.current?.stop(), []);
  const clear = useCallback(() => setRecording(null), []);

  return { phase, audio, setAudio, elapsedSeconds, limitSeconds, start, stop, recording, clear };
}
