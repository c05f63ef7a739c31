import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACTION_LOG_API, ASSIGNEES, axeViolations, entryOf, listOf, queryOf, renderActionLogPage } from "#web/features/action-log/action-log-test-kit.tsx";

// Each step waits for a list the page loads and draws (a matrix, a board): on a busy machine that
// takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const OPEN = entryOf({ title: "Book the kickoff" });
const OPEN_TOO = entryOf({ title: "Invite the team", due_date: "2030-01-02", is_overdue: true });
const BLOCKED = entryOf({ title: "Load the vendors", status: "Blocked" });
const CLOSED = entryOf({ title: "Sign the contract", status: "Closed" });
const READ_ONLY = entryOf({ title: "Someone else's", status: "In Progress", can: { edit: false, delete: false } });

function installBoard(total?: number) {
  const entries = [OPEN, OPEN_TOO, BLOCKED, CLOSED, READ_ONLY];
  return installFakeApi({ [ACTION_LOG_API.list]: { body: listOf(entries, total ? { total } : {}) }, [ACTION_LOG_API.assignees]: { body: ASSIGNEES } });
}

const column = (name: RegExp) => screen.getByRole("region", { name });

describe("the board", () => {
  it("groups the entries by status in five columns with their counts, up to 200 at once", async () => {
    const api = installBoard();
    const { router, user } = renderActionLogPage("/tasks");
    await screen.findByRole("table", { name: "Tasks" });
    await user.click(screen.getByRole("button", { name: "Board" }));
    expect(router.state.location.search).toBe("?view=board");
    expect(await screen.findByRole("region", { name: /^Open/ })).toBeDefined();
    expect(screen.getByRole("button", { name: "Board" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Open2 entries",
      "In Progress1 entry",
      "Blocked1 entry",
      "Resolved0 entries",
      "Closed1 entry",
    ]);
    expect(within(column(/^Open/)).getAllByRole("link").map((link) => link.textContent)).toEqual([OPEN.title, OPEN_TOO.title]);
    expect(within(column(/^Open/)).getByText("Overdue")).toBeDefined();
    expect(within(column(/^Resolved/)).getByText("Nothing resolved.")).toBeDefined();
    const query = queryOf(api.to(ACTION_LOG_API.list).at(-1)?.path ?? "");
    expect(query.get("limit")).toBe("200");
    expect(query.get("offset")).toBeNull();
    expect(screen.queryByText(/The board shows the first/)).toBeNull();
    // Someone else's entry cannot be moved here.
    expect(within(column(/^In Progress/)).queryByRole("button", { name: /Move to/ })).toBeNull();
  });

  it("has no accessibility violations axe can find without layout", async () => {
    installBoard();
    renderActionLogPage("/tasks?view=board");
    await screen.findByRole("region", { name: /^Open/ });
    expect(await axeViolations()).toEqual([]);
  });

  it("says so when more entries match than the board shows", async () => {
    installBoard(1_234);
    renderActionLogPage("/tasks?view=board");
    expect(await screen.findByText("The board shows the first 5 of 1,234 matching entries. Narrow the filters or use the list to see the rest.")).toBeDefined();
  });

  it("moves a card from the keyboard through Move to…, offering only the moves the flow allows", async () => {
    const api = installBoard();
    const { user } = renderActionLogPage("/tasks?view=board");
    const move = await within(await screen.findByRole("region", { name: /^Blocked/ })).findByRole("button", { name: /Move to/ });
    move.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Open", "In Progress", "Closed"]);
    // The menu opens on its first item.
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    // The real status change dialog gets the move: a task needs no note, so it saves at once.
    api.answer(ACTION_LOG_API.update(BLOCKED.id), { body: { ...BLOCKED, status: "In Progress" } });
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(toasts.success).toEqual([["Status changed", { description: `${BLOCKED.reference} is now In Progress` }]]));
    expect(api.to(ACTION_LOG_API.update(BLOCKED.id)).map((request) => request.body)).toEqual([{ status: "In Progress" }]);
    expect(api.requests.filter((request) => request.method === "PATCH")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("moves a card dropped on a column the flow allows", async () => {
    const api = installBoard();
    api.answer(ACTION_LOG_API.update(CLOSED.id), { body: { ...CLOSED, status: "Open" } });
    renderActionLogPage("/tasks?view=board");
    const card = (await screen.findByRole("link", { name: CLOSED.title })).closest("li") as HTMLElement;
    const types: string[] = [];
    const dataTransfer = {
      types,
      setData: (type: string) => types.push(type),
      effectAllowed: "",
      dropEffect: "",
    };
    fireEvent.dragStart(card, { dataTransfer });
    // A closed entry may only be reopened: no other column takes it.
    expect(column(/^Resolved/).getAttribute("data-drop-target")).toBeNull();
    expect(column(/^Open/).getAttribute("data-drop-target")).toBe("available");
    fireEvent.dragOver(column(/^Open/), { dataTransfer });
    expect(column(/^Open/).getAttribute("data-drop-target")).toBe("active");
    fireEvent.drop(column(/^Open/), { dataTransfer });
    await vi.waitFor(() => expect(toasts.success).toEqual([["Status changed", { description: `${CLOSED.reference} is now Open` }]]));
    expect(api.to(ACTION_LOG_API.update(CLOSED.id)).map((request) => request.body)).toEqual([{ status: "Open" }]);
    expect(api.requests.filter((request) => request.method === "PATCH")).toHaveLength(1);
  });

  it("asks for the note a move needs in the status change dialog, which closes on Cancel and once saved", async () => {
    const issue = entryOf({ action_log_type: "Issue", title: "Invoices fail to post", status: "In Progress" });
    const api = installFakeApi({
      [ACTION_LOG_API.list]: { body: listOf([issue]) },
      [ACTION_LOG_API.assignees]: { body: ASSIGNEES },
      [ACTION_LOG_API.update(issue.id)]: { body: { ...issue, status: "Resolved", resolution_notes: "Mapped the GL account." } },
    });
    const { user } = renderActionLogPage("/issues?view=board");
    const resolve = async () => {
      await user.click(await within(await screen.findByRole("region", { name: /^In Progress/ })).findByRole("button", { name: /Move to/ }));
      await user.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Resolved" }));
      return screen.findByRole("dialog", { name: `Resolve ${issue.reference}` });
    };

    await user.click(within(await resolve()).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(ACTION_LOG_API.update(issue.id))).toEqual([]);

    const dialog = await resolve();
    expect(within(dialog).getByText(issue.title)).toBeDefined();
    await user.type(within(dialog).getByRole("textbox", { name: "Resolution notes" }), "Mapped the GL account.");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(ACTION_LOG_API.update(issue.id)).map((request) => request.body)).toEqual([{ status: "Resolved", resolution_notes: "Mapped the GL account." }]);
    await vi.waitFor(() => expect(toasts.success).toEqual([["Status changed", { description: `${issue.reference} is now Resolved` }]]));
  });
});
