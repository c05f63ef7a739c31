import { afterEach, describe, expect, it, vi } from "vitest";
import { canCaptureScreen, canRecordScreen, formatClock, isPermissionDenied, pickRecordingMimeType } from "./capture-support.ts";
import { type CaptureFakes, FakeMediaRecorder, RECORDED_WEBM, installCaptureFakes, installFrameFakes, webmDurationElement } from "./capture-test-kit.ts";
import { grabScreenshot } from "./grab-screenshot.ts";
import { RecorderStartError, startScreenRecording } from "./screen-recorder.ts";

const AT = new Date("2030-01-02T03:04:05.000Z");
let fakes: CaptureFakes | null = null;
let undo: (() => void) | null = null;

afterEach(() => {
  fakes?.uninstall();
  fakes = null;
  undo?.();
  undo = null;
  vi.useRealTimers();
});

/** The bytes of a recorded file. */
async function bytesOf(file: File | undefined): Promise<number[]> {
  return file ? [...new Uint8Array(await file.arrayBuffer())] : [];
}

/** Whether `part` occurs in `bytes`, in order and unbroken. */
function holds(bytes: readonly number[], part: readonly number[]): boolean {
  return bytes.some((_, start) => part.every((byte, index) => bytes[start + index] === byte));
}

describe("capture support", () => {
  it("needs getDisplayMedia for a screenshot and MediaRecorder as well for a recording", () => {
    expect([canCaptureScreen(), canRecordScreen()]).toEqual([false, false]);
    fakes = installCaptureFakes({ recorder: false });
    expect([canCaptureScreen(), canRecordScreen()]).toEqual([true, false]);
    fakes.uninstall();
    fakes = installCaptureFakes();
    expect([canCaptureScreen(), canRecordScreen()]).toEqual([true, true]);
  });

  it("records the best type the browser offers: VP9, VP8, any WebM, then MP4", () => {
    const offering = (types: string[]) => pickRecordingMimeType((type) => types.includes(type));
    expect(offering(["video/mp4", "video/webm", "video/webm;codecs=vp9,opus"])).toBe("video/webm;codecs=vp9,opus");
    expect(offering(["video/mp4", "video/webm;codecs=vp8,opus"])).toBe("video/webm;codecs=vp8,opus");
    expect(offering(["video/mp4", "video/webm"])).toBe("video/webm");
    expect(offering(["video/mp4"])).toBe("video/mp4");
    expect(offering([])).toBe("");
  });

  it("tells a refusal from other failures, and shows times as m:ss", () => {
    expect(isPermissionDenied(new DOMException("no", "NotAllowedError"))).toBe(true);
    expect(isPermissionDenied(new DOMException("gone", "NotFoundError"))).toBe(false);
    expect(isPermissionDenied("NotAllowedError")).toBe(false);
    expect([formatClock(0), formatClock(65.9), formatClock(300)]).toEqual(["0:00", "1:05", "5:00"]);
  });
});

describe("grabScreenshot", () => {
  it("shares this tab, draws one frame, stops sharing and answers a PNG named screenshot-{timestamp}.png", async () => {
    fakes = installCaptureFakes();
    const { drawImage, restore } = installFrameFakes();
    undo = restore;
    const file = await grabScreenshot(() => AT);
    expect(fakes.getDisplayMedia).toHaveBeenCalledWith({ video: true, audio: false, preferCurrentTab: true });
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, 1280, 720);
    expect(fakes.streams[0]?.tracks.every((track) => track.readyState === "ended")).toBe(true);
    expect(file.name).toBe(`screenshot-${AT.getTime()}.png`);
    expect(file.type).toBe("image/png");
  });

  it("passes a refusal on", async () => {
    fakes = installCaptureFakes({ deny: true });
    await expect(grabScreenshot()).rejects.toMatchObject({ name: "NotAllowedError" });
  });
});

function record(options: { audio?: boolean } = {}) {
  const onFinished = vi.fn<(file: File) => void>();
  const onFailed = vi.fn();
  const session = startScreenRecording({ audio: options.audio ?? false, onFinished, onFailed, now: () => AT });
  return { session, onFinished, onFailed };
}

describe("startScreenRecording", () => {
  it("records with the best type, and on stop answers the file with its duration fixed, named for its type", async () => {
    // Only the clock is fake: the recording lasts exactly 1.5 s.
    vi.useFakeTimers({ toFake: ["Date"], now: AT });
    // fix-webm-duration logs what it finds unless told not to: a recording logs nothing.
    const log = vi.spyOn(console, "log");
    try {
      fakes = installCaptureFakes();
      const { session, onFinished } = record({ audio: true });
      const started = await session;
      expect(fakes.getDisplayMedia).toHaveBeenCalledWith({ video: true, audio: true });
      expect(started).toMatchObject({ mimeType: "video/webm;codecs=vp9,opus", hasAudio: true });
      expect(FakeMediaRecorder.instances[0]?.timeslice).toBe(1000);
      vi.setSystemTime(AT.getTime() + 1500);
      started.stop();
      await vi.waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
      const file = onFinished.mock.calls[0]?.[0];
      expect(file?.name).toBe(`recording-${AT.getTime()}.webm`);
      expect(file?.type).toBe("video/webm");
      const bytes = await bytesOf(file);
      expect(holds(RECORDED_WEBM, webmDurationElement(1500)), "the recorder wrote no duration").toBe(false);
      expect(holds(bytes, webmDurationElement(1500)), "the file says it lasts 1.5 s").toBe(true);
      expect(log).not.toHaveBeenCalled();
      expect(fakes.streams[0]?.tracks.every((track) => track.readyState === "ended")).toBe(true);
    } finally {
      log.mockRestore();
    }
  });

  it("says when audio was asked for but the share has none, and names MP4 recordings .mp4 without fixing them", async () => {
    fakes = installCaptureFakes({ shareAudio: false });
    FakeMediaRecorder.supported = ["video/mp4"];
    try {
      const { session, onFinished } = record({ audio: true });
      const started = await session;
      expect(started.hasAudio).toBe(false);
      started.stop();
      await vi.waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
      const file = onFinished.mock.calls[0]?.[0];
      expect(file?.name).toBe(`recording-${AT.getTime()}.mp4`);
      // What the recorder wrote, byte for byte: the WebM fix, which would add a duration, never ran.
      expect(await bytesOf(file)).toEqual(RECORDED_WEBM);
    } finally {
      FakeMediaRecorder.supported = ["video/webm;codecs=vp9,opus", "video/webm"];
    }
  });

  it("stops when the browser's own Stop sharing ends the video track", async () => {
    fakes = installCaptureFakes();
    const { session, onFinished } = record();
    await session;
    fakes.streams[0]?.getVideoTracks()[0]?.endByBrowser();
    expect(FakeMediaRecorder.instances[0]?.state).toBe("inactive");
    await vi.waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
  });

  it("stops by itself at the length limit, counted from its start", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    fakes = installCaptureFakes();
    const { session, onFinished } = record();
    const started = await session;
    vi.advanceTimersByTime(2000);
    // The limit arrives once recording runs (it is read while the browser asks for the screen).
    started.limitTo(5);
    vi.advanceTimersByTime(2999);
    expect(FakeMediaRecorder.instances[0]?.state).toBe("recording");
    vi.advanceTimersByTime(1);
    expect(FakeMediaRecorder.instances[0]?.state).toBe("inactive");
    await vi.waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
  });

  it("stops sharing and rejects with RecorderStartError when the recorder cannot start; abandon drops the recording", async () => {
    fakes = installCaptureFakes();
    FakeMediaRecorder.failOnStart = true;
    await expect(record().session).rejects.toBeInstanceOf(RecorderStartError);
    expect(fakes.streams[0]?.tracks.every((track) => track.readyState === "ended")).toBe(true);

    FakeMediaRecorder.failOnStart = false;
    const { session, onFinished } = record();
    (await session).abandon();
    expect(FakeMediaRecorder.instances[1]?.state).toBe("inactive");
    await vi.dynamicImportSettled();
    expect(onFinished).not.toHaveBeenCalled();
  });
});
