import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ACTION_LOG_MESSAGES } from "#common/domain/action-log";
import { type CaptureFakeOptions, fakeCaptureForEachTest } from "#web/lib/capture/capture-test-kit.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { HELP_API, answerHelpRequest, loadGetHelpCode, openGetHelp, titleInput } from "./help-test-kit.tsx";

beforeAll(loadGetHelpCode, 60_000);

// Also undoes the stubbed fetch after each test.
const fake = fakeCaptureForEachTest();

// A recording reads the capture limit while the browser asks for the screen.
const USAGE = { "GET /api/content/usage": { body: { used_bytes: 0, quota_bytes: 1e9, max_file_bytes: 1e8, capture_max_seconds: 30 } } };

const DENIED = ["Permission Denied", { description: "Screen recording permission was denied." }];

/** The request as sent without any attachment. */
const WITHOUT_CAPTURE = {
  help_type: "question",
  title: "Cannot post invoices",
  source_page: "/milestone/42?tab=courses",
  source_browser: navigator.userAgent,
};

async function submitTitled(user: Awaited<ReturnType<typeof openGetHelp>>["user"], dialog: HTMLElement) {
  await user.type(titleInput(), WITHOUT_CAPTURE.title);
  await user.click(within(dialog).getByRole("button", { name: "Submit" }));
}

describe("Get Expert Help when the screen cannot be captured", () => {
  it("says so in place of the capture buttons where the browser has none, and sends the request", async () => {
    fake.capture({ displayMedia: false });
    const api = installFakeApi({ [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp();
    const attachments = within(dialog).getByRole("group", { name: "Attachments (optional)" });
    expect(within(attachments).getByText("Screen capture is not available in this browser.")).toBeDefined();
    expect(within(attachments).getAllByRole("button").map((button) => button.textContent)).toEqual(["Attach files"]);

    await submitTitled(user, dialog);
    await vi.waitFor(() => expect(toasts.success).toEqual([["Your question's been sent."]]));
    expect(api.to(HELP_API.create).map((request) => request.body)).toEqual([WITHOUT_CAPTURE]);
  });

  const failures: [string, CaptureFakeOptions, unknown[], unknown[]][] = [
    ["refused (denied)", { deny: true }, DENIED, DENIED],
    [
      "without a screen to offer",
      { failWith: new DOMException("No sources of screen video are available for capture.", "NotFoundError") },
      ["Not Supported", { description: "Screen capture is not available in this browser." }],
      ["Not Supported", { description: "Screen recording is not available in this browser." }],
    ],
    [
      "failing otherwise",
      { failWith: new DOMException("Could not start video source", "AbortError") },
      ["Capture Failed", { description: "Failed to capture the screen. Please try again." }],
      ["Recording Failed", { description: "Failed to start recording. Please try again." }],
    ],
  ];

  it.each(failures)("with the share %s: says why, keeps the buttons usable and sends the request without a capture", async (_, options, shotToast, recordingToast) => {
    const capture = fake.capture(options);
    const api = installFakeApi({ ...USAGE, [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp();
    const takeScreenshot = within(dialog).getByRole("button", { name: "Take screenshot" });
    await user.click(takeScreenshot);
    await vi.waitFor(() => expect(toasts.error).toEqual([shotToast]));
    await vi.waitFor(() => expect(takeScreenshot).toHaveProperty("disabled", false));

    const recordScreen = within(dialog).getByRole("button", { name: "Record screen" });
    await user.click(recordScreen);
    await vi.waitFor(() => expect(toasts.error).toEqual([shotToast, recordingToast]));
    await vi.waitFor(() => expect(recordScreen).toHaveProperty("disabled", false));
    expect(within(dialog).getByRole("checkbox", { name: "Record audio" })).toHaveProperty("disabled", false);
    expect(capture.getDisplayMedia).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("dialog", { name: /preview/ })).toBeNull();

    await submitTitled(user, dialog);
    await vi.waitFor(() => expect(toasts.success).toEqual([["Your question's been sent."]]));
    expect(api.to(HELP_API.create).map((request) => request.body)).toEqual([WITHOUT_CAPTURE]);
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says so when the request sent without the capture fails, and lets it be sent again", async () => {
    fake.capture({ deny: true });
    const api = installFakeApi({ [HELP_API.create]: { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } } });
    const { user, dialog } = await openGetHelp();
    await user.click(within(dialog).getByRole("button", { name: "Take screenshot" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([DENIED]));

    await submitTitled(user, dialog);
    await vi.waitFor(() => expect(toasts.error).toEqual([DENIED, [ACTION_LOG_MESSAGES.createFailed, { description: "Something went wrong on our side." }]]));
    expect(screen.getByRole("dialog", { name: "Get Expert Help" })).toBeDefined();
    expect(await within(dialog).findByRole("button", { name: "Submit" })).toHaveProperty("disabled", false);
    expect(within(dialog).getByRole("button", { name: "Take screenshot" })).toHaveProperty("disabled", false);

    api.answer(HELP_API.create, answerHelpRequest());
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Your question's been sent."]]));
    expect(api.to(HELP_API.create).map((request) => request.body)).toEqual([WITHOUT_CAPTURE, WITHOUT_CAPTURE]);
  });
});
