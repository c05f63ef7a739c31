import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { duplicateTitleMessage } from "#common/domain/content";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { type FakeUploadRequest, installFakeUploadRequests } from "#web/lib/testing/fake-upload-request.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { API, CONTRACTS, IDS, KICKOFF, contentItem, listing, renderContentPage } from "#web/features/content/content-test-kit.tsx";
import { CONTENT_DRAG_TYPE } from "./use-item-drag.ts";


afterEach(() => {
  vi.unstubAllGlobals();
});

const stored = (title: string) => contentItem({ id: "44444444-4444-4444-8444-0000000000aa", title });

async function renderWithUploads(path = "/content") {
  const api = installFakeApi({ [API.list]: { body: listing() } });
  const sent = installFakeUploadRequests();
  renderContentPage(path);
  await screen.findByRole("table", { name: "Files" });
  return { api, sent, user: userEvent.setup() };
}

function queryOfUpload(request: FakeUploadRequest | undefined): Record<string, string> {
  return Object.fromEntries(new URL(request?.url ?? "", "http://localhost").searchParams);
}

/** A stand-in for the drag's DataTransfer, which jsdom has not. */
function dataTransfer(files: File[] = []) {
  const data = new Map<string, string>();
  return {
    get types() {
      return files.length > 0 ? ["Files"] : [...data.keys()];
    },
    files,
    effectAllowed: "all",
    dropEffect: "none",
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? "",
  };
}

describe("uploading files", () => {
  it("sends two files at a time, each with its own progress, and keeps a refused one with the server's reason", async () => {
    const { sent, user } = await renderWithUploads();
    const files = ["Budget 2030.xlsx", "Logo.png", "Minutes.docx"].map((name) => new File(["bytes"], name));
    await user.upload(screen.getByLabelText("Files to upload"), files);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]?.method).toBe("POST");
    expect(queryOfUpload(sent[0])).toEqual({ title: "Budget 2030", file_name: "Budget 2030.xlsx" });
    expect(sent[0]?.headers["content-type"]).toBe("application/octet-stream");
    expect(sent[0]?.body).toBe(files[0]);

    const uploads = screen.getByRole("region", { name: "Uploads" });
    const budget = within(uploads).getByRole("progressbar", { name: "Budget 2030.xlsx" });
    act(() => sent[0]?.progress(40, 100));
    expect(budget.getAttribute("aria-valuenow")).toBe("40");
    expect(budget.getAttribute("aria-valuetext")).toBe("40% sent");
    expect(within(uploads).getByRole("progressbar", { name: "Minutes.docx" }).getAttribute("aria-valuetext")).toBe("Waiting");

    act(() => sent[1]?.respond(409, { error: { code: "conflict", message: duplicateTitleMessage("upload", "Logo") } }));
    expect(await within(uploads).findByText(duplicateTitleMessage("upload", "Logo"))).toBeDefined();
    expect(within(uploads).queryByRole("progressbar", { name: "Logo.png" })).toBeNull();
    await waitFor(() => expect(sent).toHaveLength(3));

    act(() => sent[0]?.respond(201, stored("Budget 2030")));
    act(() => sent[2]?.respond(201, stored("Minutes")));
    await waitFor(() => expect(toasts.success).toEqual([["Upload complete", { description: "2 files uploaded." }]]));
    expect(within(uploads).queryByRole("progressbar")).toBeNull();
    await user.click(within(uploads).getByRole("button", { name: "Dismiss Logo.png" }));
    expect(screen.queryByRole("region", { name: "Uploads" })).toBeNull();
  });

  it("cancels a file being sent, and refuses a file over the limit without sending it", async () => {
    const { sent, user } = await renderWithUploads();
    const large = new File(["x"], "film.mov");
    Object.defineProperty(large, "size", { value: 60 * 1024 ** 2 });
    await user.upload(screen.getByLabelText("Files to upload"), [new File(["bytes"], "notes.txt"), large]);
    await waitFor(() => expect(sent).toHaveLength(1));
    const uploads = screen.getByRole("region", { name: "Uploads" });
    expect(within(uploads).getByText("Failed to upload content: the file is 60.00 MB; the largest file is 50.00 MB.")).toBeDefined();

    await user.click(within(uploads).getByRole("button", { name: "Cancel upload of notes.txt" }));
    expect(sent[0]?.aborted).toBe(true);
    await waitFor(() => expect(within(uploads).queryByText("notes.txt")).toBeNull());
    await waitFor(() => expect(toasts.error).toEqual([["Failed to upload content", { description: "the file is 60.00 MB; the largest file is 50.00 MB." }]]));
    expect(toasts.success).toEqual([]);
  });

  it("uploads into the folder shown, and takes files dropped onto the page", async () => {
    const api = installFakeApi({ [API.list]: { body: listing({ folder_path: [{ id: IDS.contracts, title: "Contracts" }], items: [KICKOFF] }) } });
    const sent = installFakeUploadRequests();
    renderContentPage(`/content?folder=${IDS.contracts}`);
    await screen.findByRole("table", { name: "Files" });
    const file = new File(["bytes"], "scan.pdf");
    const page = screen.getByRole("table", { name: "Files" });
    fireEvent.dragOver(page, { dataTransfer: dataTransfer([file]) });
    expect(screen.getByText("Drop files to upload them to Contracts")).toBeDefined();
    fireEvent.drop(page, { dataTransfer: dataTransfer([file]) });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(queryOfUpload(sent[0])).toEqual({ title: "scan", file_name: "scan.pdf", parent_id: IDS.contracts });
    expect(screen.queryByText("Drop files to upload them to Contracts")).toBeNull();
    act(() => sent[0]?.respond(401, { error: { code: "unauthenticated", message: "Sign in again" } }));
    await waitFor(() => expect(toasts.error).toEqual([["Authentication required", { description: "Please log in to upload content, create a folder, or move content" }]]));
    expect(api.requests.length).toBeGreaterThan(0);
  });
});

describe("dragging rows", () => {
  it("moves a row dropped onto a folder row or a crumb, never offering a folder itself", async () => {
    const { api } = await renderWithUploads();
    api.answer(API.move(IDS.kickoff), { body: { ...KICKOFF, parent_id: IDS.contracts } });
    const rowOf = (title: string) => screen.getByRole("button", { name: title }).closest("tr") as HTMLElement;

    const transfer = dataTransfer();
    fireEvent.dragStart(rowOf("Contracts"), { dataTransfer: transfer });
    expect(transfer.getData(CONTENT_DRAG_TYPE)).toBe(IDS.contracts);
    expect(rowOf("Contracts").getAttribute("data-drop-target")).toBeNull();
    expect(rowOf("Archive").getAttribute("data-drop-target")).toBe("available");
    // It is at the top already: the Files crumb takes no drop.
    expect(screen.getByRole("navigation", { name: "Folder path" }).querySelector("[data-drop-target]")).toBeNull();
    fireEvent.dragEnd(rowOf("Contracts"), { dataTransfer: transfer });

    const move = dataTransfer();
    fireEvent.dragStart(rowOf("Kickoff deck"), { dataTransfer: move });
    fireEvent.dragOver(rowOf("Contracts"), { dataTransfer: move });
    expect(rowOf("Contracts").getAttribute("data-drop-target")).toBe("active");
    fireEvent.drop(rowOf("Contracts"), { dataTransfer: move });
    await waitFor(() => expect(api.to(API.move(IDS.kickoff))).toHaveLength(1));
    expect(api.to(API.move(IDS.kickoff))[0]?.body).toEqual({ parent_id: CONTRACTS.id });
    await waitFor(() => expect(toasts.success).toEqual([["Moved", { description: "“Kickoff deck” is now in Contracts." }]]));
  });
});
