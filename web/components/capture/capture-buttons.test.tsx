import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { type CaptureFakes, FakeMediaRecorder, fakeCaptureForEachTest, installCaptureFakes } from "#web/lib/capture/capture-test-kit.ts";
import { useScreenRecording } from "#web/lib/capture/use-screen-recording.ts";
import { useScreenshot } from "#web/lib/capture/use-screenshot.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { CaptureButtons } from "./capture-buttons.tsx";

const USAGE = "GET /api/content/usage";
const fake = fakeCaptureForEachTest();
let fakes: CaptureFakes | null = null;

function withQueryClient({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

function renderButtons(onCaptured: (file: File, kind: string) => void | Promise<unknown> = vi.fn()) {
  installFakeApi({ [USAGE]: { body: { used_bytes: 0, quota_bytes: 1e9, max_file_bytes: 1e8, capture_max_seconds: 30 } } });
  const result = render(<CaptureButtons onCaptured={onCaptured} />, { wrapper: withQueryClient });
  return { ...result, user: userEvent.setup(), onCaptured };
}

describe("CaptureButtons", () => {
  it("says quietly, in place of the buttons, that the browser cannot capture or record the screen", () => {
    // No mediaDevices, mediaDevices without getDisplayMedia (phones), getDisplayMedia without MediaRecorder.
    const installs = [() => undefined, () => installCaptureFakes({ displayMedia: false }), () => installCaptureFakes({ recorder: false })];
    for (const install of installs) {
      const installed = install();
      const { container, unmount } = render(<CaptureButtons onCaptured={vi.fn()} />, { wrapper: withQueryClient });
      expect(container.textContent).toBe("Screen capture is not available in this browser.");
      // Plain text in reading order: no alert, and no button that could only answer Not Supported.
      expect(screen.queryByRole("button")).toBeNull();
      expect(screen.queryByRole("alert")).toBeNull();
      unmount();
      installed?.uninstall();
    }
  });

  it("says Not Supported when a capture is attempted anyway", async () => {
    const screenshot = renderHook(() => useScreenshot(), { wrapper: withQueryClient });
    const recording = renderHook(() => useScreenRecording(), { wrapper: withQueryClient });
    // One at a time: the mocked sonner, loaded lazily, drops the second of two toasts raised in the same tick.
    await act(async () => expect(await screenshot.result.current.take()).toBeNull());
    await vi.waitFor(() => expect(toasts.error).toEqual([["Not Supported", { description: "Screen capture is not available in this browser." }]]));
    await act(() => recording.result.current.start());
    await vi.waitFor(() => expect(toasts.error[1]).toEqual(["Not Supported", { description: "Screen recording is not available in this browser." }]));
  });

  it("takes a screenshot into its preview; Retake captures again, Attach hands the file over and closes", async () => {
    fakes = fake.capture();
    fake.frames();
    const onCaptured = vi.fn(async () => undefined);
    const { user } = renderButtons(onCaptured);
    await user.click(screen.getByRole("button", { name: "Take screenshot" }));
    const preview = await screen.findByRole("dialog", { name: "Screenshot preview" });
    expect(within(preview).getByRole("img", { name: "The captured screenshot" })).toBeDefined();
    expect(within(preview).getByText(/^screenshot-\d+\.png$/)).toBeDefined();

    await user.click(within(preview).getByRole("button", { name: "Retake" }));
    await vi.waitFor(() => expect(fakes?.getDisplayMedia).toHaveBeenCalledTimes(2));
    await user.click(within(await screen.findByRole("dialog", { name: "Screenshot preview" })).getByRole("button", { name: "Attach" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onCaptured).toHaveBeenCalledWith(expect.any(File), "screenshot");
    const [file] = onCaptured.mock.calls[0] as unknown as [File];
    expect(file.type).toBe("image/png");
  });

  it("says Not Supported when the browser has no screen to offer, and the buttons stay usable", async () => {
    fakes = fake.capture({ failWith: new DOMException("No sources of screen video are available for capture.", "NotFoundError") });
    const { user } = renderButtons();
    await user.click(screen.getByRole("button", { name: "Take screenshot" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Not Supported", { description: "Screen capture is not available in this browser." }]]));
    await user.click(screen.getByRole("button", { name: "Record screen" }));
    await vi.waitFor(() => expect(toasts.error[1]).toEqual(["Not Supported", { description: "Screen recording is not available in this browser." }]));
    expect(screen.getByRole("button", { name: "Take screenshot" })).toHaveProperty("disabled", false);
    expect(screen.getByRole("button", { name: "Record screen" })).toHaveProperty("disabled", false);
  });

  it("says Permission Denied, destructively, when the user refuses the share", async () => {
    fakes = fake.capture({ deny: true });
    const { user } = renderButtons();
    await user.click(screen.getByRole("button", { name: "Take screenshot" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Permission Denied", { description: "Screen recording permission was denied." }]]));
    await user.click(screen.getByRole("button", { name: "Record screen" }));
    await vi.waitFor(() => expect(toasts.error).toHaveLength(2));
    expect(toasts.error[1]).toEqual(["Permission Denied", { description: "Screen recording permission was denied." }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("records with audio asked, says when the share has none, stops when sharing ends and previews the recording", async () => {
    fakes = fake.capture({ shareAudio: false });
    fake.frames();
    const onCaptured = vi.fn().mockRejectedValueOnce(new Error("upload failed")).mockResolvedValueOnce(undefined);
    const { user } = renderButtons(onCaptured);
    await user.click(screen.getByRole("checkbox", { name: "Record audio" }));
    await user.click(screen.getByRole("button", { name: "Record screen" }));

    expect(await screen.findByRole("button", { name: "Stop recording" })).toBeDefined();
    expect(screen.queryByRole("checkbox", { name: "Record audio" })).toBeNull();
    await waitFor(() => expect(screen.getByRole("timer", { name: "Recording time" }).textContent).toContain("of 0:30 (0:30 left)"));
    expect(fakes.getDisplayMedia).toHaveBeenCalledWith({ video: true, audio: true });
    await vi.waitFor(() =>
      expect(toasts.success[0]).toEqual(["Recording Started", { description: "Recording screen... No audio was shared, so the recording has no sound." }]),
    );

    act(() => fakes?.streams[0]?.getVideoTracks()[0]?.endByBrowser());
    const preview = await screen.findByRole("dialog", { name: "Recording preview" });
    expect(within(preview).getByLabelText("The screen recording").tagName).toBe("VIDEO");
    expect(within(preview).getByText(/^recording-\d+\.webm$/)).toBeDefined();
    await vi.waitFor(() => expect(toasts.success[1]).toEqual(["Recording Saved", { description: "Review your recording before attaching." }]));
    expect(screen.getByRole("checkbox", { name: "Record audio", hidden: true })).toBeDefined();

    // A failed attach leaves the preview open to try again.
    await user.click(within(preview).getByRole("button", { name: "Attach" }));
    await vi.waitFor(() => expect(onCaptured).toHaveBeenCalledTimes(1));
    expect(await within(preview).findByRole("button", { name: "Attach" })).toBeDefined();
    await user.click(within(preview).getByRole("button", { name: "Attach" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onCaptured).toHaveBeenLastCalledWith(expect.any(File), "recording");
  });

  it("stops on Stop recording, and says Recording Failed when the recorder cannot start", async () => {
    fakes = fake.capture();
    fake.frames();
    const { user } = renderButtons();
    await user.click(screen.getByRole("button", { name: "Record screen" }));
    await vi.waitFor(() => expect(toasts.success[0]).toEqual(["Recording Started", { description: "Recording screen..." }]));
    await user.click(await screen.findByRole("button", { name: "Stop recording" }));
    const preview = await screen.findByRole("dialog", { name: "Recording preview" });
    expect(FakeMediaRecorder.instances[0]?.state).toBe("inactive");

    FakeMediaRecorder.failOnStart = true;
    await user.click(within(preview).getByRole("button", { name: "Re-record" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Recording Failed", { description: "Failed to start recording. Please try again." }]]));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Record screen" })).toBeDefined();
  });
});
