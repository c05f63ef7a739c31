import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { recordDownloadsForEachTest } from "#web/lib/testing/download-recorder.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { AttachmentList } from "./attachment-list.tsx";
import { API, TARGET, TARGET_QUERY, attachmentOf, contentItem, renderWithClient } from "./attachments-test-kit.tsx";

const downloads = recordDownloadsForEachTest();

afterEach(() => {
  vi.unstubAllGlobals();
});

const PLAN = contentItem({ title: "Cutover plan", file_name: "cutover.pdf", file_size: 2_411_724 });
const PHOTO = contentItem({ title: "Whiteboard", file_name: "board.png", content_type: "image/png", file_size: 512, thumbnail_url: "https://files.example/board.png?sig=1" });
const ATTACHED_PLAN = attachmentOf(PLAN);
const ATTACHED_PHOTO = attachmentOf(PHOTO, { attached_by: null });

function renderList(canEdit = true) {
  return renderWithClient(<AttachmentList {...TARGET} canEdit={canEdit} />);
}

describe("AttachmentList", () => {
  it("says Loading... then lists each attachment with its icon or thumbnail, file name, size and who attached it", async () => {
    const api = installFakeApi({ [API.list]: { body: { attachments: [ATTACHED_PLAN, ATTACHED_PHOTO] } } });
    renderList();
    expect(screen.getByRole("status").textContent).toBe("Loading...");
    const list = await screen.findByRole("list", { name: "Attachments" });
    expect(api.requests.map((request) => request.path)).toEqual([`/api/attachments?${TARGET_QUERY}`]);
    const [plan, photo] = within(list).getAllByRole("listitem");
    if (!plan || !photo) throw new Error("two rows expected");
    expect(within(plan).getByText("Cutover plan")).toBeDefined();
    expect(within(plan).getByText((_, element) => element?.tagName === "P" && element.textContent === "cutover.pdf · 2.30 MB")).toBeDefined();
    expect(within(plan).getByText(/^Attached by Ana Lima on /)).toBeDefined();
    expect(plan.querySelector('[data-icon="document"]')).not.toBeNull();
    expect(within(photo).getByText((_, element) => element?.tagName === "P" && element.textContent === "board.png · 512 Bytes")).toBeDefined();
    expect(within(photo).getByText(/^Attached on /)).toBeDefined();
    // The thumbnail says Loading... until it arrives, and Error loading when it cannot.
    expect(within(photo).getByText("Loading...")).toBeDefined();
    const thumbnail = photo.querySelector("img");
    expect(thumbnail?.getAttribute("src")).toBe(PHOTO.thumbnail_url);
    fireEvent.error(thumbnail as HTMLImageElement);
    expect(within(photo).getByText("Error loading")).toBeDefined();
    expect(photo.querySelector("img")).toBeNull();
  });

  it("says so when nothing is attached", async () => {
    installFakeApi({ [API.list]: { body: { attachments: [] } } });
    renderList();
    expect(await screen.findByText("No attachments yet.")).toBeDefined();
  });

  it("hides Remove from those who cannot edit", async () => {
    installFakeApi({ [API.list]: { body: { attachments: [ATTACHED_PLAN] } } });
    renderList(false);
    expect(await screen.findByRole("button", { name: "Open Cutover plan" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Download Cutover plan" })).toBeDefined();
    expect(screen.queryByRole("button", { name: "Remove Cutover plan" })).toBeNull();
  });

  it("says Failed to load with the reason and a retry", async () => {
    const api = installFakeApi({ [API.list]: { status: 503, body: { error: { code: "internal", message: "The service is busy." } } } });
    const { user } = renderList();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load");
    expect(alert.textContent).toContain("The service is busy.");
    api.answer(API.list, { body: { attachments: [ATTACHED_PLAN] } });
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Cutover plan")).toBeDefined();
  });

  it("opens an attachment in the preview, and downloads it through a download link", async () => {
    const api = installFakeApi({
      [API.list]: { body: { attachments: [ATTACHED_PHOTO] } },
      [API.link(PHOTO.id)]: (request) => ({
        body: { url: request.path.includes("download=1") ? "/files/board.png?download" : "/files/board.png", expires_at: "2030-01-11T11:30:00.000Z" },
      }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole("button", { name: "Open Whiteboard" }));
    const preview = await screen.findByRole("dialog", { name: "Whiteboard" });
    expect((await within(preview).findByRole("img", { name: "Whiteboard" })).getAttribute("src")).toBe("/files/board.png");
    await user.click(within(preview).getByRole("button", { name: "Close" }));

    await user.click(screen.getByRole("button", { name: "Download Whiteboard" }));
    await vi.waitFor(() => expect(downloads).toEqual([{ href: "/files/board.png?download", fileName: null, blob: null }]));
    expect(api.to(API.link(PHOTO.id)).map((request) => request.path)).toEqual([
      `/api/content/${PHOTO.id}/link`,
      `/api/content/${PHOTO.id}/link?download=1`,
    ]);
  });

  it("removes an attachment after a confirm that says the library file stays, then refetches", async () => {
    const api = installFakeApi({
      [API.list]: { body: { attachments: [ATTACHED_PLAN] } },
      [API.remove(ATTACHED_PLAN.id)]: { body: { removed: true } },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole("button", { name: "Remove Cutover plan" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove attachment" });
    expect(confirm.textContent).toContain('"Cutover plan" will no longer be attached here. The file stays in your file library.');
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(api.to(API.remove(ATTACHED_PLAN.id))).toEqual([]);

    api.answer(API.list, { body: { attachments: [] } });
    await user.click(screen.getByRole("button", { name: "Remove Cutover plan" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("No attachments yet.")).toBeDefined();
    expect(api.to(API.remove(ATTACHED_PLAN.id))).toHaveLength(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("says why a removal failed", async () => {
    installFakeApi({
      [API.list]: { body: { attachments: [ATTACHED_PLAN] } },
      [API.remove(ATTACHED_PLAN.id)]: { status: 404, body: { error: { code: "not_found", message: "This attachment no longer exists." } } },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole("button", { name: "Remove Cutover plan" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "This attachment no longer exists." }]]));
  });
});
