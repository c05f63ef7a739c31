import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { contentItem } from "#web/components/attachments/attachments-test-kit.tsx";
import { fakeCaptureForEachTest } from "#web/lib/capture/capture-test-kit.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { type FakeUploadRequest, installFakeUploadRequests } from "#web/lib/testing/fake-upload-request.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { HELP_API, answerHelpRequest, expectNoAxeViolations, loadGetHelpCode, openGetHelp, titleInput } from "./help-test-kit.tsx";


beforeAll(loadGetHelpCode, 60_000);

// Also undoes the stubbed fetch and XMLHttpRequest after each test.
const fake = fakeCaptureForEachTest();

const pdf = (name: string) => new File(["%PDF-1.7"], name, { type: "application/pdf" });

async function nextUpload(sent: FakeUploadRequest[], index: number): Promise<FakeUploadRequest> {
  await vi.waitFor(() => expect(sent[index]).toBeDefined());
  return sent[index] as FakeUploadRequest;
}

function uploadedTitle(request: FakeUploadRequest): string | null {
  return new URL(request.url, "http://localhost").searchParams.get("title");
}

function attachFiles(dialog: HTMLElement): HTMLInputElement {
  return within(dialog).getByLabelText("Attach files", { selector: "input" });
}

describe("Get Expert Help's attachments", () => {
  it("uploads a captured screenshot on Submit, then sends its id with the page the user was on", async () => {
    fake.capture();
    fake.frames();
    const sent = installFakeUploadRequests();
    const api = installFakeApi({ [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp("/milestone/42?tab=courses");
    await user.click(titleInput());
    await user.paste("How do I close a period?");
    await user.click(within(dialog).getByRole("button", { name: "Take screenshot" }));
    const preview = await screen.findByRole("dialog", { name: "Screenshot preview" });
    await user.click(within(preview).getByRole("button", { name: "Attach" }));

    // Attached to the request, not uploaded yet.
    const list = await within(dialog).findByRole("list", { name: "Attachments to send" });
    expect(within(list).getByText(/^screenshot-\d+\.png$/)).toBeDefined();
    expect(toasts.success).toEqual([["Screenshot Attached", { description: "Your screenshot has been added to attachments." }]]);
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    const upload = await nextUpload(sent, 0);
    expect(uploadedTitle(upload)).toMatch(/^screenshot-\d+$/);
    expect(await within(dialog).findByRole("button", { name: "Uploading 1 of 1…" })).toHaveProperty("disabled", true);
    const shot = contentItem({ title: uploadedTitle(upload) ?? "", content_type: "image/png" });
    upload.respond(201, shot);

    await vi.waitFor(() => expect(toasts.success.at(-1)).toEqual(["Your question's been sent."]));
    expect(api.to(HELP_API.create).map((request) => request.body)).toEqual([
      {
        help_type: "question",
        title: "How do I close a period?",
        source_page: "/milestone/42?tab=courses",
        source_browser: navigator.userAgent,
        attachment_ids: [shot.id],
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("lists chosen files with their size, removes one, and uploads the rest in order", async () => {
    const sent = installFakeUploadRequests();
    const api = installFakeApi({ [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp();
    await user.type(titleInput(), "Import fails");
    await user.upload(attachFiles(dialog), [pdf("import-log.pdf"), pdf("error.v2.pdf"), pdf("extra.pdf")]);

    const list = within(dialog).getByRole("list", { name: "Attachments to send" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "import-log.pdf · 8 BytesRemove",
      "error.v2.pdf · 8 BytesRemove",
      "extra.pdf · 8 BytesRemove",
    ]);
    await expectNoAxeViolations();
    await user.click(within(list).getByRole("button", { name: "Remove extra.pdf" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);

    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    const first = contentItem({ title: "import-log" });
    (await nextUpload(sent, 0)).respond(201, first);
    const second = await nextUpload(sent, 1);
    expect(uploadedTitle(second)).toBe("error.v2");
    const secondItem = contentItem({ title: "error.v2" });
    second.respond(201, secondItem);

    await vi.waitFor(() => expect(api.to(HELP_API.create)).toHaveLength(1));
    expect(uploadedTitle(sent[0] as FakeUploadRequest)).toBe("import-log");
    expect(sent).toHaveLength(2);
    expect((api.to(HELP_API.create)[0]?.body as { attachment_ids: string[] }).attachment_ids).toEqual([first.id, secondItem.id]);
  });

  it("refuses an empty file when it is chosen, saying why beside the button, so Submit never tries it", async () => {
    const sent = installFakeUploadRequests();
    const api = installFakeApi({ [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp();
    await user.type(titleInput(), "Import fails");
    await user.upload(attachFiles(dialog), new File([], "empty.log", { type: "text/plain" }));
    const refusal = within(dialog).getByRole("alert");
    expect(refusal.textContent).toBe("empty.log was not attached: the file is empty.");
    expect(within(dialog).getByRole("button", { name: "Attach files" }).getAttribute("aria-describedby")).toBe(refusal.id);
    expect(within(dialog).queryByRole("list", { name: "Attachments to send" })).toBeNull();

    await user.upload(attachFiles(dialog), pdf("log.pdf"));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(within(dialog).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["log.pdf · 8 BytesRemove"]);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    const log = contentItem({ title: "log" });
    (await nextUpload(sent, 0)).respond(201, log);
    await vi.waitFor(() => expect(api.to(HELP_API.create)).toHaveLength(1));
    expect(sent).toHaveLength(1);
    expect((api.to(HELP_API.create)[0]?.body as { attachment_ids: string[] }).attachment_ids).toEqual([log.id]);
  });

  it("tries a taken title again with a number", async () => {
    const sent = installFakeUploadRequests();
    installFakeApi({ [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp();
    await user.type(titleInput(), "Import fails");
    await user.upload(attachFiles(dialog), pdf("import-log.pdf"));
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    const taken = 'Failed to upload content: "import-log" already exists in this folder. Please choose another title.';
    (await nextUpload(sent, 0)).respond(409, { error: { code: "conflict", message: taken } });
    const retry = await nextUpload(sent, 1);
    expect(uploadedTitle(retry)).toBe("import-log (2)");
    retry.respond(201, contentItem({ title: "import-log (2)" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Your question's been sent."]]));
  });

  it("keeps the dialog and its files when an upload fails, and does not upload a file twice", async () => {
    const sent = installFakeUploadRequests();
    const api = installFakeApi({ [HELP_API.create]: answerHelpRequest() });
    const { user, dialog } = await openGetHelp();
    await user.type(titleInput(), "Import fails");
    await user.upload(attachFiles(dialog), [pdf("a.pdf"), pdf("b.pdf")]);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    const a = contentItem({ title: "a" });
    (await nextUpload(sent, 0)).respond(201, a);
    (await nextUpload(sent, 1)).respond(413, { error: { code: "payload_too_large", message: "The organization's storage is full." } });

    await vi.waitFor(() => expect(toasts.error).toEqual([["Upload Failed", { description: "b.pdf: The organization's storage is full." }]]));
    expect(api.to(HELP_API.create)).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Get Expert Help" })).toBeDefined();
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(2);
    expect(titleInput().value).toBe("Import fails");

    await user.click(await within(dialog).findByRole("button", { name: "Submit" }));
    const b = contentItem({ title: "b" });
    (await nextUpload(sent, 2)).respond(201, b);
    await vi.waitFor(() => expect(api.to(HELP_API.create)).toHaveLength(1));
    expect(uploadedTitle(sent[2] as FakeUploadRequest)).toBe("b");
    expect((api.to(HELP_API.create)[0]?.body as { attachment_ids: string[] }).attachment_ids).toEqual([a.id, b.id]);
  });

  it("warns when the request was sent but some attachments could not be linked", async () => {
    const sent = installFakeUploadRequests();
    const file = contentItem({ title: "log" });
    installFakeApi({ [HELP_API.create]: answerHelpRequest([file.id]) });
    const { user, dialog } = await openGetHelp();
    await user.click(within(dialog).getByRole("radio", { name: "Report an issue" }));
    await user.type(titleInput(), "Crash on save");
    await user.upload(attachFiles(dialog), pdf("log.pdf"));
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    (await nextUpload(sent, 0)).respond(201, file);

    await vi.waitFor(() => expect(toasts.success).toEqual([["Got it — your issue has been logged."]]));
    expect(toasts.warning).toEqual([
      ["Some attachments could not be linked", { description: "1 of 1 attachments could not be added to your request. They are in your file library." }],
    ]);
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
