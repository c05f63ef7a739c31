import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { duplicateTitleMessage } from "#common/domain/content";
import { recordDownloadsForEachTest } from "#web/lib/testing/download-recorder.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { API, ARCHIVE, CONTRACTS, IDS, KICKOFF, SIGNED, listing, queryOf, renderContentPage } from "#web/features/content/content-test-kit.tsx";

const downloads = recordDownloadsForEachTest();

afterEach(() => {
  vi.unstubAllGlobals();
});

const conflict = (message: string) => ({ status: 409, body: { error: { code: "conflict", message } } });

async function renderLibrary() {
  const api = installFakeApi({
    [API.list]: (request) =>
      queryOf(request.path).get("parent") === IDS.contracts
        ? { body: listing({ folder_path: [{ id: IDS.contracts, title: "Contracts" }], items: [SIGNED] }) }
        : { body: listing() },
  });
  renderContentPage();
  await screen.findByRole("table", { name: "Files" });
  return { api, user: userEvent.setup() };
}

async function chooseAction(user: ReturnType<typeof userEvent.setup>, title: string, action: string) {
  await user.click(screen.getByRole("button", { name: `Actions for ${title}` }));
  await user.click(await screen.findByRole("menuitem", { name: action }));
}

describe("the library's dialogs", () => {
  it("creates a folder, keeping the dialog open with the server's message on a duplicate", async () => {
    const { api, user } = await renderLibrary();
    await user.click(screen.getByRole("button", { name: "New folder" }));
    const dialog = await screen.findByRole("dialog", { name: "New folder" });
    await user.click(within(dialog).getByRole("button", { name: "Create folder" }));
    expect(await within(dialog).findByText("Title is required")).toBeDefined();
    expect(api.to(API.createFolder)).toHaveLength(0);

    const message = duplicateTitleMessage("folder", "Contracts");
    api.answer(API.createFolder, conflict(message));
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "  Contracts ");
    await user.click(within(dialog).getByRole("button", { name: "Create folder" }));
    expect(await within(dialog).findByText(message)).toBeDefined();
    expect(within(dialog).getByRole("textbox", { name: "Title" }).getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(toasts.error).toEqual([["Failed to create folder", { description: message.slice("Failed to create folder: ".length) }]]));
    expect(api.to(API.createFolder)[0]?.body).toEqual({ title: "Contracts", description: null, parent_id: null });

    api.answer(API.createFolder, { status: 201, body: { ...CONTRACTS, id: "44444444-4444-4444-8444-000000000099", title: "Plans" } });
    await user.clear(within(dialog).getByRole("textbox", { name: "Title" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Plans");
    await user.type(within(dialog).getByRole("textbox", { name: "Description (optional)" }), "Launch plans");
    await user.click(within(dialog).getByRole("button", { name: "Create folder" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(API.createFolder)[1]?.body).toEqual({ title: "Plans", description: "Launch plans", parent_id: null });
    await waitFor(() => expect(toasts.success).toEqual([["Folder created", { description: "“Plans” is ready for files." }]]));
  });

  it("renames with the current details filled in, a duplicate shown on the title", async () => {
    const { api, user } = await renderLibrary();
    await chooseAction(user, "Kickoff deck", "Rename");
    const dialog = await screen.findByRole("dialog", { name: "Rename" });
    const title = within(dialog).getByRole("textbox", { name: "Title" }) as HTMLInputElement;
    expect(title.value).toBe("Kickoff deck");
    expect((within(dialog).getByRole("textbox", { name: "Description (optional)" }) as HTMLTextAreaElement).value).toBe("Slides from the first meeting");

    const message = duplicateTitleMessage("update", "Logo");
    api.answer(API.update(IDS.kickoff), conflict(message));
    await user.clear(title);
    await user.type(title, "Logo");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(message)).toBeDefined();
    await waitFor(() => expect(toasts.error).toEqual([["Failed to update content", { description: message.slice("Failed to update content: ".length) }]]));

    api.answer(API.update(IDS.kickoff), { body: { ...KICKOFF, title: "Kickoff slides" } });
    await user.clear(title);
    await user.type(title, "Kickoff slides");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(API.update(IDS.kickoff))[1]?.body).toEqual({ title: "Kickoff slides", description: "Slides from the first meeting" });
  });

  // Issue 26: long text is kept, counted and refused, never cut.
  it("keeps a pasted 60,000-character description whole, counts it and refuses to save it", async () => {
    const { api, user } = await renderLibrary();
    await user.click(screen.getByRole("button", { name: "New folder" }));
    const dialog = await screen.findByRole("dialog", { name: "New folder" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Plans");
    const description = within(dialog).getByRole("textbox", { name: "Description (optional)" }) as HTMLTextAreaElement;
    expect(description.hasAttribute("maxlength")).toBe(false);
    await user.click(description);
    await user.paste("x".repeat(60_000));

    expect(description.value).toHaveLength(60_000);
    const count = within(dialog).getByText("60,000 / 2,000");
    expect(description.getAttribute("aria-describedby")).toContain(count.id);
    await user.click(within(dialog).getByRole("button", { name: "Create folder" }));
    expect(await within(dialog).findByText("Description must be at most 2,000 characters")).toBeDefined();
    expect(description.value).toHaveLength(60_000);
    expect(api.to(API.createFolder)).toHaveLength(0);
  });

  it("moves into a folder chosen by browsing, never offering the item itself, and shows the server's refusal", async () => {
    const { api, user } = await renderLibrary();
    await chooseAction(user, "Contracts", "Move to…");
    let dialog = await screen.findByRole("dialog", { name: "Move to" });
    const folders = await within(dialog).findByRole("list", { name: "Folders in Files (top level)" });
    expect(within(folders).getAllByRole("button").map((button) => button.textContent)).toEqual([ARCHIVE.title]);
    expect(within(dialog).getByText("“Contracts” is already in Files (top level).")).toBeDefined();
    expect((within(dialog).getByRole("button", { name: "Move here" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await chooseAction(user, "Kickoff deck", "Move to…");
    dialog = await screen.findByRole("dialog", { name: "Move to" });
    await user.click(await within(dialog).findByRole("button", { name: "Contracts" }));
    expect(await within(dialog).findByText("No folders in Contracts.")).toBeDefined();
    const crumbs = within(dialog).getByRole("navigation", { name: "Destination folder path" });
    expect(within(crumbs).getByRole("button", { name: "Files (top level)" })).toBeDefined();

    api.answer(API.move(IDS.kickoff), conflict("Failed to move content: the destination already holds “Kickoff deck”. Rename one of them first."));
    await user.click(within(dialog).getByRole("button", { name: "Move here" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Failed to move content: the destination already holds “Kickoff deck”. Rename one of them first.");
    expect(api.to(API.move(IDS.kickoff))[0]?.body).toEqual({ parent_id: IDS.contracts });
    await waitFor(() => expect(toasts.error[0]?.[0]).toBe("Failed to move content"));

    api.answer(API.move(IDS.kickoff), { body: { ...KICKOFF, parent_id: IDS.contracts } });
    await user.click(within(dialog).getByRole("button", { name: "Move here" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(toasts.success).toEqual([["Moved", { description: "“Kickoff deck” is now in Contracts." }]]));
  });

  it("says what deleting a folder takes with it before deleting", async () => {
    const { api, user } = await renderLibrary();
    api.answer(API.removal(IDS.contracts), { body: { files: 3, folders: 2, bytes: 3 * 1_048_576 } });
    api.answer(API.remove(IDS.contracts), { body: { files: 3, folders: 2, bytes: 3 * 1_048_576 } });
    await chooseAction(user, "Contracts", "Delete");
    const dialog = await screen.findByRole("alertdialog", { name: "Delete folder" });
    expect(await within(dialog).findByText("This deletes the folder and 3 files in it (3.00 MB), and the 1 folder inside it.")).toBeDefined();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.to(API.remove(IDS.contracts))).toHaveLength(1);
    await waitFor(() => expect(toasts.success).toEqual([["Folder deleted", { description: "“Contracts” was deleted." }]]));

    api.answer(API.remove(IDS.kickoff), { status: 500, body: { error: { code: "internal", message: "Something went wrong" } } });
    await chooseAction(user, "Kickoff deck", "Delete");
    const file = await screen.findByRole("alertdialog", { name: "Delete file" });
    expect(within(file).getByText("This deletes the file “Kickoff deck” (1.50 MB), and removes it wherever it is attached.")).toBeDefined();
    await user.click(within(file).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts.error).toEqual([["Failed to delete content", { description: "Something went wrong" }]]));
    expect(screen.getByRole("alertdialog", { name: "Delete file" })).toBeDefined();
  });

  it("downloads through a signed download link, and previews a file from its title", async () => {
    const { api, user } = await renderLibrary();
    api.answer(API.link(IDS.kickoff), (request) => ({
      body: { url: `/api/files/kickoff?download=${queryOf(request.path).get("download") ?? "0"}`, expires_at: "2030-03-04T11:00:00.000Z" },
    }));
    await chooseAction(user, "Kickoff deck", "Download");
    await waitFor(() => expect(downloads).toEqual([{ href: "/api/files/kickoff?download=1", fileName: null, blob: null }]));

    await user.click(screen.getByRole("button", { name: "Kickoff deck" }));
    const dialog = await screen.findByRole("dialog", { name: "Kickoff deck" });
    const frame = await within(dialog).findByTitle("PDF preview: Kickoff deck");
    expect(frame.getAttribute("src")).toBe("/api/files/kickoff?download=0");
    expect(dialog.textContent).toContain("kickoff.pdf · 1.50 MB");
  });
});
