/** The capture code proper, one lazy chunk: nothing of it downloads until a capture is asked for. */
export { readCaptureLimitSeconds } from "./capture-limit.ts";
export { grabScreenshot } from "./grab-screenshot.ts";
export { RecorderStartError, startScreenRecording } from "./screen-recorder.ts";
export type { RecordingSession } from "./screen-recorder.ts";
