import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeCaptureForEachTest } from "#web/lib/capture/capture-test-kit.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { installFakeUploadRequests } from "#web/lib/testing/fake-upload-request.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { AddAttachmentDialog } from "./add-attachment-dialog.tsx";
import { API, MILESTONE_ID, TARGET, attachmentOf, contentItem, renderWithClient } from "./attachments-test-kit.tsx";


const fake = fakeCaptureForEachTest();

function renderWithCapture() {
  fake.capture();
  fake.frames();
  const sent = installFakeUploadRequests();
  const shot = contentItem({ title: "screenshot-1", content_type: "image/png" });
  const api = installFakeApi({ [API.attach]: { status: 201, body: attachmentOf(shot) } });
  const onOpenChange = vi.fn();
  return { ...renderWithClient(<AddAttachmentDialog {...TARGET} open onOpenChange={onOpenChange} />), sent, api, shot, onOpenChange };
}

/** The dialog's accessible description. */
function description(dialog: HTMLElement): string | null | undefined {
  return document.getElementById(dialog.getAttribute("aria-describedby") ?? "")?.textContent;
}

describe("capturing the screen from Add attachment", () => {
  it("offers no capture where the browser has none, nor mentions it", () => {
    installFakeApi();
    renderWithClient(<AddAttachmentDialog {...TARGET} open onOpenChange={vi.fn()} />);
    expect(description(screen.getByRole("dialog", { name: "Add attachment" }))).toBe("Upload a new file or choose one from your file library.");
    expect(screen.queryByRole("heading", { name: "Capture your screen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Take screenshot" })).toBeNull();
  });

  it("uploads a screenshot once Attach is pressed in its preview, attaches it and says so", async () => {
    const { user, sent, api, shot, onOpenChange } = renderWithCapture();
    expect(description(screen.getByRole("dialog", { name: "Add attachment" }))).toBe(
      "Upload a new file, choose one from your file library, or capture your screen.",
    );
    const capture = screen.getByRole("region", { name: "Capture your screen" });
    await user.click(within(capture).getByRole("button", { name: "Take screenshot" }));
    const preview = await screen.findByRole("dialog", { name: "Screenshot preview" });
    await user.click(within(preview).getByRole("button", { name: "Attach" }));

    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const url = new URL(sent[0]?.url ?? "", "http://localhost");
    expect(url.pathname).toBe("/api/content/files");
    expect(url.searchParams.get("title")).toMatch(/^screenshot-\d+$/);
    expect(url.searchParams.get("file_name")).toMatch(/^screenshot-\d+\.png$/);
    expect(url.searchParams.has("parent_id")).toBe(false);
    sent[0]?.respond(201, shot);

    await vi.waitFor(() => expect(toasts.success).toEqual([["Screenshot Attached", { description: "Your screenshot has been added to attachments." }]]));
    expect(api.to(API.attach).map((request) => request.body)).toEqual([{ entity_type: "milestone", entity_id: MILESTONE_ID, content_id: shot.id }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says Upload Failed and keeps the preview when the upload fails", async () => {
    const { user, sent, api, onOpenChange } = renderWithCapture();
    await user.click(screen.getByRole("button", { name: "Take screenshot" }));
    const preview = await screen.findByRole("dialog", { name: "Screenshot preview" });
    await user.click(within(preview).getByRole("button", { name: "Attach" }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    sent[0]?.respond(413, { error: { code: "payload_too_large", message: "The organization's storage is full." } });

    await vi.waitFor(() => expect(toasts.error).toEqual([["Upload Failed", { description: "Failed to upload screenshot. Please try again." }]]));
    expect(await within(preview).findByRole("button", { name: "Attach" })).toBeDefined();
    expect(screen.getByRole("dialog", { name: "Screenshot preview" })).toBeDefined();
    expect(api.to(API.attach)).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
