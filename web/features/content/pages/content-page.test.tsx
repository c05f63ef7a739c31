import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTHENTICATION_REQUIRED_MESSAGE, AUTHENTICATION_REQUIRED_TITLE } from "#common/domain/content";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import {
  API,
  CONTRACTS,
  CURRENT_MISSION,
  EARLIER_MISSION,
  EMPLOYEE,
  IDS,
  SIGNED,
  listing,
  queryOf,
  renderContentPage,
} from "#web/features/content/content-test-kit.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
});

/** The list answers by folder and search, as the server does. */
function installLibrary() {
  return installFakeApi({
    [API.list]: (request) => {
      const query = queryOf(request.path);
      if (query.get("search")) {
        const found = query.get("search") === "nda" ? [{ ...SIGNED, location: [{ id: IDS.contracts, title: "Contracts" }] }] : [];
        return { body: listing({ items: found }) };
      }
      if (query.get("parent") === IDS.contracts) return { body: listing({ folder_path: [{ id: IDS.contracts, title: "Contracts" }], items: [SIGNED] }) };
      if (query.get("parent") === IDS.archive) return { body: listing({ folder_path: [{ id: IDS.archive, title: "Archive" }], items: [] }) };
      return { body: listing() };
    },
  });
}

async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false }, region: { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").slice(0, 4).map((cell) => cell.textContent ?? ""));
}

describe("the file library", () => {
  it("lists folders first, then files, with size, uploader and date, and the storage used", async () => {
    installLibrary();
    renderContentPage();
    expect(screen.getByRole("status").textContent).toContain("Loading files...");
    const table = await screen.findByRole("table", { name: "Files" });
    expect(screen.getByRole("heading", { name: "Files", level: 1 })).toBeDefined();
    const rows = rowsOf(table);
    expect(rows.map((row) => row[0])).toEqual(["ContractsSigned agreements", "Archive", "Kickoff deckSlides from the first meeting", "Logo"]);
    expect(rows.map((row) => row[1])).toEqual(["2 items", "0 items", "1.50 MB", "2.00 KB"]);
    expect(rows[2]?.[2]).toBe("Ana Lima");
    expect(within(table).getAllByRole("row")[3]?.querySelector("time")?.getAttribute("dateTime")).toBe("2030-03-04T10:00:00.000Z");
    expect(within(table).getAllByRole("row")[4]?.querySelector("img")?.getAttribute("src")).toBe("/api/files/logo?signature=t");
    expect(screen.getByText("23.07 MB of 5.00 GB used")).toBeDefined();
    expect(screen.getByRole("progressbar", { name: "Storage used" }).getAttribute("aria-valuenow")).toBe("0");
    expect(screen.getByRole("button", { name: "New folder" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Upload files" })).toBeDefined();
    expect(screen.queryByRole("button", { name: "Start new mission" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Mission" })).toBeNull();
  });

  it("opens a folder into the address and the breadcrumb, and goes back up through it", async () => {
    const api = installLibrary();
    const { router } = renderContentPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Contracts" }));
    await screen.findByRole("button", { name: "Signed NDA" });
    expect(router.state.location.search).toBe(`?folder=${IDS.contracts}`);
    expect(queryOf(api.to(API.list).at(-1)?.path ?? "").get("parent")).toBe(IDS.contracts);
    const crumbs = screen.getByRole("navigation", { name: "Folder path" });
    expect(within(crumbs).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Files", "›Contracts"]);
    expect(within(crumbs).getByText("Contracts").getAttribute("aria-current")).toBe("page");
    // The button that opened the folder is gone: focus goes to where the reader now is.
    expect(document.activeElement).toBe(within(crumbs).getByText("Contracts"));

    await user.click(within(crumbs).getByRole("link", { name: "Files" }));
    await screen.findByRole("button", { name: "Kickoff deck" });
    expect(router.state.location.search).toBe("");
  });

  it("opens the folder the address names, and says when it is empty", async () => {
    installLibrary();
    renderContentPage(`/content?folder=${IDS.archive}`);
    expect(await screen.findByText("This folder is empty")).toBeDefined();
    expect(screen.getByText("Drop files here, or choose Upload files to add some.")).toBeDefined();
    expect(screen.queryByRole("table", { name: "Files" })).toBeNull();
  });

  it("searches titles across folders once typing pauses, showing where each result sits", async () => {
    const api = installLibrary();
    const { router } = renderContentPage();
    await screen.findByRole("table", { name: "Files" });
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search files by title" }), "nda");
    expect(router.state.location.search).toBe("?q=nda");
    const result = await screen.findByRole("button", { name: "Signed NDA" });
    expect(api.to(API.list).map((request) => queryOf(request.path).get("search"))).toEqual([null, "nda"]);
    const row = result.closest("tr") as HTMLElement;
    expect(row.textContent).toContain("InFiles›Contracts");
    expect(within(row).getByRole("link", { name: "Contracts" }).getAttribute("href")).toBe(`/content?folder=${IDS.contracts}`);
    expect(screen.getByRole("navigation", { name: "Folder path" }).textContent).toContain("Search results for “nda”");

    await user.clear(screen.getByRole("searchbox", { name: "Search files by title" }));
    await user.type(screen.getByRole("searchbox", { name: "Search files by title" }), "zzz");
    expect(await screen.findByText("No files match")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    await screen.findByRole("button", { name: "Kickoff deck" });
    expect(router.state.location.search).toBe("");
  });

  it("shows an earlier mission read-only, chosen from the missions", async () => {
    const api = installFakeApi({
      [API.list]: (request) =>
        queryOf(request.path).get("mission") === IDS.earlierMission
          ? { body: listing({ mission: EARLIER_MISSION, missions: [CURRENT_MISSION, EARLIER_MISSION], writable: false, items: [CONTRACTS] }) }
          : { body: listing({ missions: [CURRENT_MISSION, EARLIER_MISSION] }) },
    });
    const { router } = renderContentPage(`/content?mission=${IDS.earlierMission}`);
    await screen.findByRole("table", { name: "Files" });
    expect(queryOf(api.to(API.list)[0]?.path ?? "").get("mission")).toBe(IDS.earlierMission);
    expect(screen.getByText(/This is an earlier mission/)).toBeDefined();
    expect(screen.queryByRole("button", { name: "Upload files" })).toBeNull();
    expect(screen.queryByRole("button", { name: "New folder" })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Actions for Contracts" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Open"]);
    await user.keyboard("{Escape}");

    const select = screen.getByRole("combobox", { name: "Mission" });
    expect(select.textContent).toContain("Dec");
    await user.click(select);
    const current = await screen.findByRole("option", { name: /^Current · since/ });
    await user.click(current);
    await screen.findByRole("button", { name: "Upload files" });
    expect(router.state.location.search).toBe("");
  });

  it("lets an employee start a new mission after saying what happens", async () => {
    const api = installLibrary();
    api.answer(API.startMission, { status: 201, body: { ...CURRENT_MISSION, id: "33333333-3333-4333-8333-000000000009", file_count: 0 } });
    renderContentPage("/content", EMPLOYEE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Start new mission" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Start a new mission" });
    expect(dialog.textContent).toContain("The file library starts empty for the new mission.");
    expect(dialog.textContent).toContain("its files and folders stay readable");
    await user.click(within(dialog).getByRole("button", { name: "Start new mission" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.to(API.startMission)).toHaveLength(1);
    await waitFor(() => expect(toasts.success).toEqual([["New mission started", { description: "The library is empty and ready for this mission's files." }]]));
  });

  it("shows a failed load with a retry, and the sign-in toast for an ended session", async () => {
    const api = installFakeApi({ [API.list]: { status: 503, body: { error: { code: "unavailable", message: "The library is not available right now." } } } });
    renderContentPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The library is not available right now.");
    api.answer(API.list, { body: listing() });
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("table", { name: "Files" });

    api.answer(API.createFolder, { status: 401, body: { error: { code: "unauthenticated", message: "Sign in again" } } });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "New folder" }));
    await user.type(await screen.findByRole("textbox", { name: "Title" }), "Plans");
    await user.click(screen.getByRole("button", { name: "Create folder" }));
    await waitFor(() => expect(toasts.error).toEqual([[AUTHENTICATION_REQUIRED_TITLE, { description: AUTHENTICATION_REQUIRED_MESSAGE }]]));
  });

  // Colours need a layout jsdom has not; the landmarks come with the shell.
  it("has no accessibility violations axe can find without layout", async () => {
    installLibrary();
    renderContentPage();
    await screen.findByRole("table", { name: "Files" });
    expect(await violations()).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "New folder" }));
    await screen.findByRole("dialog", { name: "New folder" });
    expect(await violations()).toEqual([]);
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Actions for Contracts" }));
    await user.click(await screen.findByRole("menuitem", { name: "Move to…" }));
    await within(await screen.findByRole("dialog", { name: "Move to" })).findByRole("list", { name: "Folders in Files (top level)" });
    expect(await violations()).toEqual([]);
  });
});
