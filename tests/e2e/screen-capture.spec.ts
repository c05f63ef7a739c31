import {
  ACCEPT_CAPTURE,
  BASE_ARGS,
  CHROMIUM,
  EBML_MAGIC,
  PNG_SIGNATURE,
  addDialog,
  attachmentList,
  expectNoAxeViolations,
  openFirstMilestone,
  storedFileOfType,
} from "./harness/attachment-steps.ts";
import { expectToast, toast } from "./harness/launchpad-steps.ts";
import { expect, test } from "./harness/portal-fixtures.ts";

// Chromium answers the share prompt itself: this tab for a screenshot, a fake screen for a recording.
test.use({ launchOptions: { executablePath: CHROMIUM, args: [...BASE_ARGS, ...ACCEPT_CAPTURE] } });

test.describe("screen capture", () => {
  test("a screenshot and a short recording are previewed and attached as a real PNG and a playable WebM", async ({ page }) => {
    const { milestoneId } = await openFirstMilestone(page);
    await page.getByRole("button", { name: "Add attachment" }).click();
    const dialog = addDialog(page);

    await dialog.getByRole("button", { name: "Take screenshot" }).click();
    const shotPreview = page.getByRole("dialog", { name: "Screenshot preview" });
    await expect(shotPreview.getByRole("img")).toBeVisible();
    await expect(shotPreview.getByRole("button", { name: "Retake" })).toBeVisible();
    await expect(shotPreview.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expectNoAxeViolations(page, "Screenshot preview", "[role=dialog]");
    await shotPreview.getByRole("button", { name: "Attach" }).click();
    await expectToast(page, "Screenshot Attached", "Your screenshot has been added to attachments.");
    await expect(attachmentList(page).getByText(/^screenshot-\d+$/)).toBeVisible();
    const shot = await storedFileOfType(page, milestoneId, /^image\/png$/);
    expect([...shot.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(shot.attachment.content.file_name).toMatch(/^screenshot-\d+\.png$/);
    // The PNG's header holds its size: a real frame of the tab, not an empty image.
    expect(shot.bytes.readUInt32BE(16)).toBeGreaterThan(100);
    expect(shot.bytes.readUInt32BE(20)).toBeGreaterThan(100);

    if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Add attachment" }).click();
    await dialog.getByRole("button", { name: "Record screen" }).click();
    await expect(toast(page, "Recording Started")).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "Record audio" })).toHaveCount(0);
    await page.waitForTimeout(2_000);
    await dialog.getByRole("button", { name: "Stop recording" }).click();
    await expectToast(page, "Recording Saved", "Review your recording before attaching.");
    const recordingPreview = page.getByRole("dialog", { name: "Recording preview" });
    await expect(recordingPreview.getByRole("button", { name: "Re-record" })).toBeVisible();
    // The duration was written into the file, so the preview knows it and can seek.
    const duration = await recordingPreview.locator("video").evaluate(
      (video: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          if (video.readyState >= 1) resolve(video.duration);
          else video.addEventListener("loadedmetadata", () => resolve(video.duration), { once: true });
        }),
    );
    expect(Number.isFinite(duration) && duration > 0.5).toBe(true);
    await expectNoAxeViolations(page, "Recording preview", "[role=dialog]");
    await recordingPreview.getByRole("button", { name: "Attach" }).click();
    await expectToast(page, "Recording Attached", "Your screen recording has been added to attachments.");
    await expect(attachmentList(page).getByText(/^recording-\d+$/)).toBeVisible();

    const recording = await storedFileOfType(page, milestoneId, /^video\/webm$/);
    expect([...recording.bytes.subarray(0, 4)]).toEqual(EBML_MAGIC);
    expect(recording.attachment.content.file_name).toMatch(/^recording-\d+\.webm$/);
    // Played back from its signed link: the browser reads its metadata and a finite duration.
    const played = await page.evaluate(async (url) => {
      const video = document.createElement("video");
      video.muted = true;
      video.src = url;
      await new Promise((resolve, reject) => {
        video.addEventListener("loadeddata", resolve, { once: true });
        video.addEventListener("error", () => reject(new Error(video.error?.message ?? "error")), { once: true });
      });
      return { duration: video.duration, width: video.videoWidth };
    }, recording.url);
    expect(played.width).toBeGreaterThan(0);
    expect(Number.isFinite(played.duration) && played.duration > 0.5).toBe(true);
  });
});

