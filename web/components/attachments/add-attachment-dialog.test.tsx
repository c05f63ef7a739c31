import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { type FakeUploadRequest, installFakeUploadRequests } from "#web/lib/testing/fake-upload-request.ts";
import { AddAttachmentDialog } from "./add-attachment-dialog.tsx";
import { API, MILESTONE_ID, TARGET, attachmentOf, contentItem, renderWithClient } from "./attachments-test-kit.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
});

const UPLOADED = contentItem({ title: "Cutover plan", file_name: "cutover-plan.final.pdf" });

function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <AddAttachmentDialog
      {...TARGET}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange(next);
      }}
    />
  );
}

function renderDialog() {
  const onOpenChange = vi.fn();
  const sent = installFakeUploadRequests();
  const api = installFakeApi({ [API.attach]: { status: 201, body: attachmentOf(UPLOADED) } });
  return { ...renderWithClient(<Harness onOpenChange={onOpenChange} />), onOpenChange, sent, api };
}

const pdf = (name = "cutover-plan.final.pdf") => new File(["%PDF-1.7"], name, { type: "application/pdf" });

async function nextUpload(sent: FakeUploadRequest[], index = 0): Promise<FakeUploadRequest> {
  await vi.waitFor(() => expect(sent[index]).toBeDefined());
  return sent[index] as FakeUploadRequest;
}

describe("AddAttachmentDialog", () => {
  it("offers Upload New and Select Existing as tabs, moving between them with the arrow keys", async () => {
    const { user } = renderDialog();
    const dialog = screen.getByRole("dialog", { name: "Add attachment" });
    const tabs = within(dialog).getByRole("tablist", { name: "How to add the attachment" });
    const upload = within(tabs).getByRole("tab", { name: "Upload New" });
    expect(upload.getAttribute("aria-selected")).toBe("true");
    expect(within(dialog).getByRole("tabpanel", { name: "Upload New" })).toBeDefined();
    upload.focus();
    await user.keyboard("{ArrowRight}");
    const existing = within(tabs).getByRole("tab", { name: "Select Existing" });
    expect(document.activeElement).toBe(existing);
    expect(existing.getAttribute("aria-selected")).toBe("true");
    expect(within(dialog).getByRole("tabpanel", { name: "Select Existing" })).toBeDefined();
    expect(within(dialog).queryByRole("tabpanel", { name: "Upload New" })).toBeNull();
  });

  it("needs a file and a title, prefilling the title from the file name without its extension", async () => {
    const { user, sent } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    expect(await screen.findByText("File is required")).toBeDefined();
    expect(screen.getByText("Title is required")).toBeDefined();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");

    await user.upload(screen.getByLabelText("File"), pdf());
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("cutover-plan.final");
    expect(screen.getByText("cutover-plan.final.pdf · 8 Bytes")).toBeDefined();
    await vi.waitFor(() => expect(screen.queryByText("File is required")).toBeNull());

    // A title typed over the prefill stays when another file is chosen; blank is still refused.
    await user.clear(screen.getByLabelText("Title"));
    await user.type(screen.getByLabelText("Title"), "   ");
    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    expect(await screen.findByText("Title is required")).toBeDefined();
    await user.clear(screen.getByLabelText("Title"));
    await user.type(screen.getByLabelText("Title"), "My plan");
    await user.upload(screen.getByLabelText("File"), pdf("other.pdf"));
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("My plan");
    expect(sent).toEqual([]);
  });

  // Issue 26: long text is kept, counted and refused, never cut.
  it("keeps a pasted 60,000-character description whole, counts it and refuses to upload", async () => {
    const { user, sent } = renderDialog();
    await user.upload(screen.getByLabelText("File"), pdf());
    const description = screen.getByLabelText("Description (optional)") as HTMLTextAreaElement;
    await user.click(description);
    await user.paste("x".repeat(60_000));

    expect(description.value).toHaveLength(60_000);
    expect(description.getAttribute("aria-describedby")).toContain(screen.getByText("60,000 / 2,000").id);
    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    expect(await screen.findByText("Description must be at most 2,000 characters")).toBeDefined();
    expect(description.value).toHaveLength(60_000);
    expect(sent).toEqual([]);
  });

  it("uploads to the top of the library with progress, then attaches the file and closes", async () => {
    const { user, sent, api, onOpenChange } = renderDialog();
    await user.upload(screen.getByLabelText("File"), pdf());
    await user.clear(screen.getByLabelText("Title"));
    await user.type(screen.getByLabelText("Title"), "  Cutover plan ");
    await user.type(screen.getByLabelText("Description (optional)"), "Signed off");
    await user.click(screen.getByRole("button", { name: "Upload and attach" }));

    const upload = await nextUpload(sent);
    expect(upload.method).toBe("POST");
    const url = new URL(upload.url, "http://localhost");
    expect(url.pathname).toBe("/api/content/files");
    expect(Object.fromEntries(url.searchParams)).toEqual({ title: "Cutover plan", description: "Signed off", file_name: "cutover-plan.final.pdf" });
    expect(upload.headers["content-type"]).toBe("application/octet-stream");
    expect(upload.body).toBeInstanceOf(File);
    upload.progress(4, 8);
    expect((await screen.findByRole("progressbar", { name: "Upload progress" })).getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getByRole("button", { name: "Uploading…" })).toBeDefined();

    upload.respond(201, UPLOADED);
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.to(API.attach).map((request) => request.body)).toEqual([{ entity_type: "milestone", entity_id: MILESTONE_ID, content_id: UPLOADED.id }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("still closes as done when the file is in the library but the link fails (logged only)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { user, sent, api, onOpenChange } = renderDialog();
      api.answer(API.attach, { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } });
      await user.upload(screen.getByLabelText("File"), pdf());
      await user.click(screen.getByRole("button", { name: "Upload and attach" }));
      (await nextUpload(sent)).respond(201, UPLOADED);
      await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
      expect(api.to(API.attach)).toHaveLength(1);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('"Cutover plan" was uploaded to the library but could not be attached');
    } finally {
      warn.mockRestore();
    }
  });

  it("shows the server's refusals: a title taken on the title, a file too large in the form", async () => {
    const { user, sent, api, onOpenChange } = renderDialog();
    await user.upload(screen.getByLabelText("File"), pdf());
    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    const taken = 'Failed to upload content: "cutover-plan.final" already exists in this folder. Please choose another title.';
    (await nextUpload(sent)).respond(409, { error: { code: "conflict", message: taken } });
    expect(await screen.findByText(taken)).toBeDefined();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("progressbar")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    (await nextUpload(sent, 1)).respond(413, { error: { code: "payload_too_large", message: "The file is larger than 100 MB." } });
    expect((await screen.findByRole("alert")).textContent).toBe("The file is larger than 100 MB.");
    expect(api.to(API.attach)).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("clears the refusal of an empty file as soon as another file is chosen, before any submit", async () => {
    const { user, sent, onOpenChange } = renderDialog();
    const fileInput = screen.getByLabelText("File");
    await user.upload(fileInput, new File([], "empty.pdf", { type: "application/pdf" }));
    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    (await nextUpload(sent)).respond(400, { error: { code: "bad_request", message: "The file is empty" } });
    expect((await screen.findByRole("alert")).textContent).toBe("The file is empty");

    await user.upload(fileInput, pdf());
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("The file is empty")).toBeNull();
    expect(sent).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    (await nextUpload(sent, 1)).respond(201, UPLOADED);
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("clears the server's refusal when another field changes too: it was about the last attempt", async () => {
    const { user, sent } = renderDialog();
    await user.upload(screen.getByLabelText("File"), pdf());
    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    (await nextUpload(sent)).respond(413, { error: { code: "payload_too_large", message: "The organization's storage is full." } });
    expect((await screen.findByRole("alert")).textContent).toBe("The organization's storage is full.");
    await user.type(screen.getByLabelText("Description (optional)"), "x");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("cancels an upload under way when the dialog closes", async () => {
    const { user, sent, onOpenChange } = renderDialog();
    await user.upload(screen.getByLabelText("File"), pdf());
    await user.click(screen.getByRole("button", { name: "Upload and attach" }));
    const upload = await nextUpload(sent);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(upload.aborted).toBe(true);
  });
});
