import { screen, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  HELP_API,
  actionLogEntry,
  expectNoAxeViolations,
  renderAt,
} from "#web/features/action-log/components/help/help-test-kit.tsx";
import { formatTimeSince } from "#web/features/action-log/components/help-inbox/help-inbox-table.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { clearSelectedOrganization, getSelectedOrganizationId, resolveEmployeeOrganization } from "#web/lib/selected-organization.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import HelpInboxPage, { HELP_INBOX_EMPTY } from "./help-inbox-page.tsx";

const EMPLOYEE = { ...ANA, id: "user-9", email: "eve@provider.example", full_name: "Eve Staff", is_employee: true, organization_id: null };
const ACME = { id: "00000000-0000-4000-8000-00000000000a", name: "Acme" };
const GLOBEX = { id: "00000000-0000-4000-8000-00000000000b", name: "Globex" };
const DAY = 24 * 3_600_000;

const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 60_000).toISOString();

const RECENT = actionLogEntry({ reference: "HELP-7", title: "How do we close a period?", created_at: daysAgo(3) });
const OLDEST = actionLogEntry({
  reference: "TASK-2",
  title: "Send the chart of accounts",
  action_log_type: "Task",
  help_type: null,
  status: "In Progress",
  is_overdue: true,
  due_date: "2030-01-01",
  assigned_to: { id: "user-9", name: "Eve Staff", is_employee: true },
  created_at: daysAgo(20),
});
const ITEMS = [
  // Newest first on purpose: the page shows the oldest first whatever order comes.
  { organization: ACME, entry: RECENT, reason: "help_request" },
  { organization: GLOBEX, entry: OLDEST, reason: "overdue" },
];

function TasksStandIn() {
  const location = useLocation();
  return <p>{`Tasks at ${location.pathname}${location.search}`}</p>;
}

function renderInbox() {
  return renderAt(<HelpInboxPage />, { path: "/help-inbox", me: EMPLOYEE, routes: [["/tasks", <TasksStandIn key="tasks" />]] });
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent ?? ""));
}

beforeEach(() => {
  window.localStorage.clear();
  clearSelectedOrganization();
  resolveEmployeeOrganization([ACME, GLOBEX]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the help inbox", () => {
  it("lists every organization's waiting entries, oldest first, with the time since each was raised", async () => {
    installFakeApi({ [HELP_API.inbox]: { body: { items: ITEMS } } });
    renderInbox();
    const table = await screen.findByRole("table", { name: "Help inbox" });
    expect(screen.getByRole("heading", { level: 1, name: "Help inbox" })).toBeDefined();
    expect(rowsOf(table)).toEqual([
      ["Globex", "TASK-2", "Send the chart of accounts", "Task", "Overdue", "In Progress", "Eve Staff", "2 weeks ago"],
      ["Acme", "HELP-7", "How do we close a period?", "Question / Request for Help", "Help request", "Open", "Unassigned", "3 days ago"],
    ]);
    const raised = within(table).getByText("3 days ago");
    expect(raised.tagName).toBe("TIME");
    expect(raised.getAttribute("title")).toBe(formatDateTime(RECENT.created_at));
    await expectNoAxeViolations();
  });

  it("opens an entry in its organization: the employee acts for it from then on", async () => {
    installFakeApi({ [HELP_API.inbox]: { body: { items: ITEMS } } });
    const { user } = renderInbox();
    expect(getSelectedOrganizationId()).toBe(ACME.id);
    // A help request on its own page, which opens before the NDA too; other entries on the page of their type.
    expect((await screen.findByRole("link", { name: "How do we close a period?" })).getAttribute("href")).toBe(`/help-requests/${RECENT.id}`);
    await user.click(screen.getByRole("link", { name: "Send the chart of accounts" }));

    expect(await screen.findByText(`Tasks at /tasks?entry=${OLDEST.id}`)).toBeDefined();
    expect(getSelectedOrganizationId()).toBe(GLOBEX.id);
    expect(window.localStorage.getItem("employee-selected-org")).toBe(GLOBEX.id);
  });

  it("says so when nothing waits", async () => {
    installFakeApi({ [HELP_API.inbox]: { body: { items: [] } } });
    renderInbox();
    expect(await screen.findByText(HELP_INBOX_EMPTY)).toBeDefined();
    expect(screen.queryByRole("table")).toBeNull();
    await expectNoAxeViolations();
  });

  it("shows a skeleton while loading, and the error with a retry when the list cannot be read", async () => {
    const api = installFakeApi({ [HELP_API.inbox]: { status: 503, body: { error: { code: "unavailable", message: "The inbox is unavailable." } } } });
    const { user } = renderInbox();
    expect(screen.getByRole("status").textContent).toBe("Loading help inbox...");
    expect((await screen.findByRole("alert")).textContent).toContain("The inbox is unavailable.");

    api.answer(HELP_API.inbox, { body: { items: ITEMS } });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Help inbox" })).toBeDefined();
  });
});

describe("formatTimeSince", () => {
  const now = Date.parse("2030-06-01T12:00:00.000Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it("counts in the unit an inbox is read in", () => {
    expect(formatTimeSince(ago(20_000), now)).toBe("just now");
    expect(formatTimeSince(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatTimeSince(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(formatTimeSince(ago(DAY), now)).toBe("1 day ago");
    expect(formatTimeSince(ago(13 * DAY), now)).toBe("13 days ago");
    expect(formatTimeSince(ago(15 * DAY), now)).toBe("2 weeks ago");
    expect(formatTimeSince(ago(70 * DAY), now)).toBe("2 months ago");
    expect(formatTimeSince(ago(400 * DAY), now)).toBe("1 year ago");
  });
});
