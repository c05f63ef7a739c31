import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ACTION_LOG_MESSAGES } from "#common/domain/action-log";
import { recordDownloadsForEachTest } from "#web/lib/testing/download-recorder.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACTION_LOG_API, ASSIGNEES, PEOPLE, axeViolations, entryOf, listOf, queryOf, renderActionLogPage } from "#web/features/action-log/action-log-test-kit.tsx";
import { ATTACHMENTS_API, detailOf } from "#web/features/action-log/entry-detail-test-kit.tsx";

const downloads = recordDownloadsForEachTest();

// The details sheet loads its attachments section lazily: its code is compiled once here, not
// while a test waits for it.
beforeAll(async () => {
  await import("#web/features/action-log/components/entry-attachments.tsx");
});

// Each step waits for a list the page loads and draws (a matrix, a board): on a busy machine that
// takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const OVERDUE = entryOf({ title: "Send the chart of accounts", due_date: "2030-01-01", is_overdue: true, priority: "High", assigned_to: { ...PEOPLE.ben, is_employee: false } });
const RISK = entryOf({ action_log_type: "Risk", title: "Data arrives late", likelihood: "Likely", impact_level: "High" });
const DECISION = entryOf({ action_log_type: "Decision", title: "Which warehouse", status: "Resolved", resolution_notes: "Main warehouse only", resolved_at: "2030-02-03T10:00:00.000Z" });

function installLog(list = listOf([OVERDUE, RISK, DECISION])) {
  return installFakeApi({ [ACTION_LOG_API.list]: { body: list }, [ACTION_LOG_API.assignees]: { body: ASSIGNEES } });
}

const lastListQuery = (api: ReturnType<typeof installLog>) => queryOf(api.to(ACTION_LOG_API.list).at(-1)?.path ?? "");

describe("the action log list", () => {
  it("lists every type with its reference, status, priority, assignee and due date, overdue in words", async () => {
    installLog();
    renderActionLogPage();
    expect(screen.getByRole("status").textContent).toContain("Loading entries...");
    const table = await screen.findByRole("table", { name: "Action Log" });
    expect(screen.getByRole("heading", { name: "Action Log", level: 1 })).toBeDefined();
    const headings = within(table).getAllByRole("columnheader").map((head) => head.textContent);
    expect(headings).toEqual(["Reference", "Title", "Type", "Status", "Priority", "Assigned to", "Due date"]);
    const row = within(table).getByRole("link", { name: OVERDUE.title }).closest("tr") as HTMLElement;
    expect(row.textContent).toContain(OVERDUE.reference);
    expect(row.textContent).toContain("Ben Ortiz");
    expect(within(row).getByText("Overdue")).toBeDefined();
    expect(row.querySelector("time")?.getAttribute("dateTime")).toBe("2030-01-01");
    expect(screen.getByText("Showing 1–3 of 3")).toBeDefined();
    expect(screen.getByRole("button", { name: "New entry" })).toBeDefined();
  });

  it("has no accessibility violations axe can find without layout", async () => {
    installLog();
    renderActionLogPage("/action-log?status=active");
    await screen.findByRole("table", { name: "Action Log" });
    expect(await axeViolations()).toEqual([]);
  });

  it("reads its filters, search, sort and page from the address and asks the server for them", async () => {
    const api = installLog(listOf([OVERDUE], { total: 120 }));
    renderActionLogPage("/tasks?status=active&assignee=me&overdue=1&q=chart&sort=due_date&dir=desc&page=2");
    await screen.findByRole("table", { name: "Tasks" });
    expect(Object.fromEntries(lastListQuery(api))).toEqual({
      page: "tasks",
      status: "active",
      assignee: "me",
      overdue: "1",
      q: "chart",
      sort: "due_date",
      dir: "desc",
      limit: "50",
      offset: "50",
    });
    expect(screen.getByRole("combobox", { name: "Status" }).textContent).toBe("Active");
    expect(screen.getByRole("combobox", { name: "Assigned to" }).textContent).toBe("Me");
    expect((screen.getByRole("checkbox", { name: "Overdue only" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("searchbox", { name: "Search tasks" }) as HTMLInputElement).value).toBe("chart");
    expect(screen.getByRole("columnheader", { name: "Due date" }).getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByText("Showing 51–51 of 120")).toBeDefined();
    // Tasks have one type: no type filter or column.
    expect(screen.queryByRole("combobox", { name: "Type" })).toBeNull();
  });

  it("puts a filter in the address, back on page 1, and Back undoes it", async () => {
    const api = installLog(listOf([OVERDUE], { total: 120 }));
    const { router, user } = renderActionLogPage("/action-log?page=2");
    await screen.findByRole("table", { name: "Action Log" });
    await user.click(screen.getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Risk" }));
    await waitFor(() => expect(lastListQuery(api).get("type")).toBe("Risk"));
    expect(router.state.location.search).toBe("?type=Risk");
    expect(lastListQuery(api).get("offset")).toBe("0");

    await user.click(screen.getByRole("combobox", { name: "Assigned to" }));
    expect(screen.getByRole("group", { name: "Provider team" })).toBeDefined();
    await user.click(await screen.findByRole("option", { name: "Eve Staff" }));
    expect(router.state.location.search).toBe(`?type=Risk&assignee=${PEOPLE.eve.id}`);

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("");
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Type" }).textContent).toBe("Risk"));
  });

  it("sorts by a column heading, turning the direction round on a second click", async () => {
    const api = installLog();
    const { router, user } = renderActionLogPage("/action-log");
    await screen.findByRole("table", { name: "Action Log" });
    const due = () => screen.getByRole("columnheader", { name: "Due date" });
    expect(due().getAttribute("aria-sort")).toBe("none");
    await user.click(within(due()).getByRole("button"));
    expect(due().getAttribute("aria-sort")).toBe("ascending");
    expect(router.state.location.search).toBe("?sort=due_date&dir=asc");
    await user.click(within(due()).getByRole("button"));
    expect(due().getAttribute("aria-sort")).toBe("descending");
    await waitFor(() => expect(lastListQuery(api).get("dir")).toBe("desc"));
    expect(screen.getByRole("columnheader", { name: "Priority" }).getAttribute("aria-sort")).toBe("none");
  });

  it("sorts from a select where the rows are cards (a phone), the same sort as the headings", async () => {
    installLog();
    const { router, user } = renderActionLogPage("/risks");
    await screen.findByRole("table", { name: "Risks" });
    expect(screen.getByRole("combobox", { name: "Sort by" }).textContent).toBe("Newest first");
    expect(screen.queryByRole("combobox", { name: "Order" })).toBeNull();
    await user.click(screen.getByRole("combobox", { name: "Sort by" }));
    await user.click(await screen.findByRole("option", { name: "Score" }));
    expect(router.state.location.search).toBe("?sort=risk_score&dir=desc");
    expect(screen.getByRole("columnheader", { name: "Score" }).getAttribute("aria-sort")).toBe("descending");
    await user.click(screen.getByRole("combobox", { name: "Order" }));
    await user.click(await screen.findByRole("option", { name: "Ascending" }));
    expect(router.state.location.search).toBe("?sort=risk_score&dir=asc");
  });

  it("searches once typing pauses, the words in the address at once", async () => {
    const api = installLog();
    const { router, user } = renderActionLogPage("/issues");
    await screen.findByRole("table", { name: "Issues" });
    await user.type(screen.getByRole("searchbox", { name: "Search issues" }), "ISSUE-4");
    expect(router.state.location.search).toBe("?q=ISSUE-4");
    await waitFor(() => expect(lastListQuery(api).get("q")).toBe("ISSUE-4"));
    expect(api.to(ACTION_LOG_API.list).map((request) => queryOf(request.path).get("q"))).toEqual([null, "ISSUE-4"]);
  });

  it("pages through 50 at a time", async () => {
    const api = installLog(listOf([OVERDUE, RISK], { total: 1_234 }));
    const { router, user } = renderActionLogPage("/action-log");
    expect(await screen.findByText("Showing 1–2 of 1,234")).toBeDefined();
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(router.state.location.search).toBe("?page=2");
    await waitFor(() => expect(lastListQuery(api).get("offset")).toBe("50"));
  });

  it("shows the decision and the day it was taken on /decisions", async () => {
    installLog(listOf([DECISION]));
    renderActionLogPage("/decisions");
    const table = await screen.findByRole("table", { name: "Decisions" });
    expect(within(table).getByRole("columnheader", { name: "Decision" })).toBeDefined();
    expect(within(table).getByRole("columnheader", { name: "Decided on" })).toBeDefined();
    expect(table.textContent).toContain("Main warehouse only");
    expect(table.querySelector("time")?.getAttribute("dateTime")).toBe(DECISION.resolved_at);
  });

  it("says what to do when nothing is logged yet, and how to get back when nothing matches", async () => {
    const api = installLog(listOf([], { total: 0 }));
    const { router, user } = renderActionLogPage("/risks");
    expect(await screen.findByText("No risks yet.")).toBeDefined();
    expect(screen.getByText("Log the first one with New risk.")).toBeDefined();
    expect(screen.getByRole("button", { name: "New risk" })).toBeDefined();

    await router.navigate("/risks?priority=High");
    expect(await screen.findByText("No risks match")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Clear search and filters" }));
    expect(router.state.location.search).toBe("");
    expect(api.to(ACTION_LOG_API.list).length).toBeGreaterThan(1);
  });

  it("toasts “Failed to fetch action logs” when the list cannot load, and tries again", async () => {
    const api = installFakeApi({
      [ACTION_LOG_API.list]: { status: 503, body: { error: { code: "unavailable", message: "The database is restarting" } } },
      [ACTION_LOG_API.assignees]: { body: ASSIGNEES },
    });
    const { user } = renderActionLogPage("/tasks");
    expect((await screen.findByRole("alert")).textContent).toContain("The database is restarting");
    await vi.dynamicImportSettled();
    expect(toasts.error.at(-1)).toEqual([ACTION_LOG_MESSAGES.fetchFailed, { id: "action-log-fetch-failed", description: "The database is restarting" }]);

    api.answer(ACTION_LOG_API.list, { body: listOf([OVERDUE]) });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Tasks" })).toBeDefined();
  });

  it("opens an entry's details from ?entry=, from a title, and closes them out of the address", async () => {
    const api = installLog();
    for (const entry of [RISK, OVERDUE]) api.answer(ACTION_LOG_API.entry(entry.id), { body: detailOf(entry) });
    api.answer(ATTACHMENTS_API, { body: { attachments: [] } });
    const { router, user } = renderActionLogPage(`/action-log?entry=${RISK.id}`);
    const risk = await screen.findByRole("dialog", { name: `${RISK.reference} · ${RISK.title}` });
    expect(await within(risk).findByText("No attachments yet.")).toBeDefined();
    expect(api.to(ACTION_LOG_API.entry(RISK.id))).toHaveLength(1);
    await user.click(within(risk).getByRole("button", { name: "Close" }));
    expect(router.state.location.search).toBe("");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await router.navigate("/tasks?status=Open");
    const table = await screen.findByRole("table", { name: "Tasks" });
    await user.click(within(table).getByRole("link", { name: OVERDUE.title }));
    expect(router.state.location.search).toBe(`?status=Open&entry=${OVERDUE.id}`);
    const overdue = await screen.findByRole("dialog", { name: `${OVERDUE.reference} · ${OVERDUE.title}` });
    expect(await within(overdue).findByText("No attachments yet.")).toBeDefined();
    expect(api.to(ACTION_LOG_API.entry(OVERDUE.id))).toHaveLength(1);
  });

  it("exports the filtered entries as CSV", async () => {
    const api = installLog();
    api.answer(ACTION_LOG_API.export, { body: "Reference,Title\n", headers: { "content-disposition": 'attachment; filename="action-log-acme-2030-03-05.csv"' } });
    const { user } = renderActionLogPage("/issues?status=Open&priority=High&q=invoice&page=3");
    await screen.findByRole("table", { name: "Issues" });
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(Object.fromEntries(queryOf(api.to(ACTION_LOG_API.export)[0]?.path ?? ""))).toEqual({ page: "issues", status: "Open", priority: "High", q: "invoice" });
    // Saved under the name the server gives it.
    expect(downloads[0]?.fileName).toBe("action-log-acme-2030-03-05.csv");
  });
});
