import { screenshotFileName } from "#common/domain/content";
import type { DisplayCaptureOptions } from "./capture-support.ts";

function stopAll(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** Resolves once the video has a frame with dimensions to draw. */
function frameReady(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (video.videoWidth > 0 && video.videoHeight > 0) {
        video.removeEventListener("loadedmetadata", check);
        video.removeEventListener("resize", check);
        resolve();
      }
    };
    video.addEventListener("loadedmetadata", check);
    video.addEventListener("resize", check);
    video.addEventListener("error", () => reject(new Error("The captured screen could not be read.")), { once: true });
    check();
  });
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The screenshot could not be encoded."))), "image/png");
  });
}

/**
 * Asks the browser to share a screen, window or tab (this tab first where the browser offers it),
 * draws one frame onto a canvas, stops sharing at once and answers the frame as a PNG file named
 * screenshot-{timestamp}.png. A refusal rejects with the browser's NotAllowedError.
 */
export async function grabScreenshot(now: () => Date = () => new Date()): Promise<File> {
  const options: DisplayCaptureOptions = { video: true, audio: false, preferCurrentTab: true };
  const stream = await navigator.mediaDevices.getDisplayMedia(options);
  const video = document.createElement("video");
  try {
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    await frameReady(video);
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("The screenshot could not be drawn.");
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    stopAll(stream);
    const png = await canvasToPng(canvas);
    return new File([png], screenshotFileName(now()), { type: "image/png" });
  } finally {
    stopAll(stream);
    video.srcObject = null;
  }
}
