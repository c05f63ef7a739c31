import { afterEach, vi } from "vitest";

/**
 * Test-only: stand-ins for what jsdom lacks for screen capture (getDisplayMedia, MediaRecorder,
 * a video frame on a canvas, object URLs). Install per test; `uninstall` puts everything back.
 */

export class FakeTrack extends EventTarget {
  readyState: "live" | "ended" = "live";
  readonly stop = vi.fn(() => {
    this.readyState = "ended";
  });

  constructor(readonly kind: "video" | "audio") {
    super();
  }

  /** The user pressed the browser's own "Stop sharing". */
  endByBrowser(): void {
    this.readyState = "ended";
    this.dispatchEvent(new Event("ended"));
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks = () => this.tracks;
  getVideoTracks = () => this.tracks.filter((track) => track.kind === "video");
  getAudioTracks = () => this.tracks.filter((track) => track.kind === "audio");
}

/**
 * The smallest WebM as Chrome's MediaRecorder writes it: an EBML header, then a Segment of unknown
 * size whose Info has a TimecodeScale (1 ms) but no Duration, which players need to seek.
 */
export const RECORDED_WEBM: readonly number[] = [
  ...[0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84, ...[..."webm"].map((letter) => letter.charCodeAt(0))],
  ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
  ...[0x15, 0x49, 0xa9, 0x66, 0x87, 0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40],
];

/** The Duration element a WebM's Info needs, in milliseconds (a 64-bit float, big-endian). */
export function webmDurationElement(milliseconds: number): number[] {
  const value = new DataView(new ArrayBuffer(8));
  value.setFloat64(0, milliseconds);
  return [0x44, 0x89, 0x88, ...new Uint8Array(value.buffer)];
}

export class FakeMediaRecorder extends EventTarget {
  static supported: string[] = ["video/webm;codecs=vp9,opus", "video/webm"];
  static readonly instances: FakeMediaRecorder[] = [];
  static failOnStart = false;
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.includes(type);

  state: "inactive" | "recording" = "inactive";
  readonly mimeType: string;
  timeslice: number | undefined;

  constructor(
    readonly stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    super();
    this.mimeType = options?.mimeType ?? "";
    FakeMediaRecorder.instances.push(this);
  }

  start(timeslice?: number): void {
    if (FakeMediaRecorder.failOnStart) throw new DOMException("The recorder is busy.", "NotSupportedError");
    this.timeslice = timeslice;
    this.state = "recording";
  }

  stop(): void {
    if (this.state === "inactive") return;
    this.state = "inactive";
    this.dispatchEvent(Object.assign(new Event("dataavailable"), { data: new Blob([new Uint8Array(RECORDED_WEBM)], { type: this.mimeType }) }));
    this.dispatchEvent(new Event("stop"));
  }
}

export interface CaptureFakes {
  getDisplayMedia: ReturnType<typeof vi.fn>;
  /** The streams handed out, in order. */
  streams: FakeStream[];
  uninstall: () => void;
}

export interface CaptureFakeOptions {
  shareAudio?: boolean;
  /** getDisplayMedia refuses as the browser does when the user says no (NotAllowedError). */
  deny?: boolean;
  /** getDisplayMedia rejects with this instead of sharing (a picker that cannot open, an unsupported source). */
  failWith?: unknown;
  /** False: navigator.mediaDevices without getDisplayMedia, as on phones. */
  displayMedia?: boolean;
  recorder?: boolean;
}

/**
 * Installs getDisplayMedia (sharing a video track, and an audio track when asked and `shareAudio`)
 * and MediaRecorder; see CaptureFakeOptions for the ways it can fail.
 */
export function installCaptureFakes({ shareAudio = true, deny = false, failWith, displayMedia = true, recorder = true }: CaptureFakeOptions = {}): CaptureFakes {
  const streams: FakeStream[] = [];
  const getDisplayMedia = vi.fn(async (options: DisplayMediaStreamOptions) => {
    if (deny) throw new DOMException("Permission denied", "NotAllowedError");
    if (failWith !== undefined) throw failWith;
    const tracks = [new FakeTrack("video")];
    if (options.audio && shareAudio) tracks.push(new FakeTrack("audio"));
    const stream = new FakeStream(tracks);
    streams.push(stream);
    return stream;
  });
  Object.defineProperty(navigator, "mediaDevices", { value: displayMedia ? { getDisplayMedia } : {}, configurable: true });
  FakeMediaRecorder.instances.length = 0;
  FakeMediaRecorder.failOnStart = false;
  if (recorder) vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
  return {
    getDisplayMedia,
    streams,
    uninstall: () => {
      Reflect.deleteProperty(navigator, "mediaDevices");
      vi.unstubAllGlobals();
    },
  };
}

/**
 * A video that plays at once with a 1280×720 frame, a canvas that draws it and encodes a PNG, and
 * object URLs: what grabbing a screenshot and showing a preview need. `restore` undoes it (not
 * vi.restoreAllMocks, which would also take the console.error watch of the test setup).
 */
export function installFrameFakes(): { drawImage: ReturnType<typeof vi.fn>; restore: () => void } {
  const drawImage = vi.fn();
  const spies = [
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined),
    vi.spyOn(HTMLVideoElement.prototype, "videoWidth", "get").mockReturnValue(1280),
    vi.spyOn(HTMLVideoElement.prototype, "videoHeight", "get").mockReturnValue(720),
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D),
    vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((callback: BlobCallback) => callback(new Blob(["png"], { type: "image/png" }))),
  ];
  const restoreUrls = installObjectUrls();
  return {
    drawImage,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
      restoreUrls();
    },
  };
}

/** URL.createObjectURL and revokeObjectURL, which jsdom lacks; returns the undo. */
export function installObjectUrls(): () => void {
  let count = 0;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = () => `blob:capture-${(count += 1)}`;
  URL.revokeObjectURL = () => undefined;
  return () => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  };
}

/**
 * For a test file: installs the capture and frame fakes on demand and undoes them (and any stubbed
 * globals) after each test. Call once at the top of the file.
 */
export function fakeCaptureForEachTest(): { capture: (options?: CaptureFakeOptions) => CaptureFakes; frames: () => void } {
  const undo: (() => void)[] = [];
  afterEach(() => {
    for (const step of undo.splice(0).reverse()) step();
    vi.unstubAllGlobals();
  });
  return {
    capture: (options) => {
      const fakes = installCaptureFakes(options);
      undo.push(fakes.uninstall);
      return fakes;
    },
    frames: () => {
      undo.push(installFrameFakes().restore);
    },
  };
}
