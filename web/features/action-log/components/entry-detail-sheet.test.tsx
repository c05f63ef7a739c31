import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ActionLogDetail } from "#common/contracts/action-log";
import type { Attachment } from "#common/contracts/attachments";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { formatCalendarDay } from "#web/lib/format-date.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACTION_LOG_API, ASSIGNEES, PEOPLE, PHASE, TYPE_DEFINITIONS, axeViolations, entryOf, renderWithClient } from "#web/features/action-log/action-log-test-kit.tsx";
import { ATTACHMENTS_API, attachmentTo, commentOf, createdOf, detailOf, historyOf, refusal } from "#web/features/action-log/entry-detail-test-kit.tsx";
import { EntryDetailSheet } from "./entry-detail-sheet.tsx";

// The attachments section loads lazily: its code is compiled once here, not while a test waits for it.
beforeAll(async () => {
  await import("./entry-attachments.tsx");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSheet(detail: ActionLogDetail, attachments: Attachment[] = []) {
  const onClose = vi.fn();
  const api = installFakeApi({ [ACTION_LOG_API.entry(detail.entry.id)]: { body: detail }, [ATTACHMENTS_API]: { body: { attachments } } });
  return { ...renderWithClient(<EntryDetailSheet actionLogId={detail.entry.id} onClose={onClose} />), onClose, api };
}

const RISK = entryOf({
  action_log_type: "Risk",
  number: 12,
  title: "Vendor may miss cutover",
  description: "Their team is two people.",
  likelihood: "Likely",
  impact_level: "High",
  due_date: "2030-01-05",
  is_overdue: true,
  assigned_to: { ...PEOPLE.eve, is_employee: true },
  action_log_phase: PHASE,
});

describe("EntryDetailSheet", () => {
  it("shows the entry's fields, attachments, comments oldest first and its history grouped per save", async () => {
    const history = [
      historyOf(RISK, [{ field: "likelihood", from: "Possible", to: "Likely" }], { actor: PEOPLE.ana, created_at: "2030-01-12T09:00:00.000Z" }),
      createdOf(RISK),
      historyOf(RISK, [
        { field: "status", from: "Open", to: "In Progress" },
        { field: "due_date", from: null, to: "2030-01-05" },
        { field: "assigned_to", from: null, to: "Eve Staff" },
        { field: "description", from: null, to: "Their team is two people." },
      ]),
    ];
    const comments = [commentOf("Asked for a second engineer.", { created_at: "2030-01-13T09:00:00.000Z", author: PEOPLE.eve }), commentOf("Who is on it?")];
    renderSheet(detailOf(RISK, { history, comments }), [attachmentTo(RISK, "Vendor contract")]);

    expect(screen.getByRole("status").textContent).toBe("Loading entry...");
    const sheet = await screen.findByRole("dialog", { name: "RISK-12 · Vendor may miss cutover" });
    const facts = Object.fromEntries(within(sheet).getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      Type: "Risk",
      Impact: "High",
      Likelihood: "Likely",
      "Risk score": "9 · High",
      "Assigned to": "Eve Staff (provider)",
      "Due date": `${formatCalendarDay("2030-01-05")}Overdue`,
      Phase: "Data migration",
      Category: "System",
      Platform: "Member Portal",
    });
    expect(facts.Created).toMatch(/^Ana Lima, /);
    expect(within(sheet).getByText("Their team is two people.", { selector: "p" })).toBeDefined();
    expect(within(sheet).getByText("Open", { selector: "span" })).toBeDefined();

    const commentList = within(sheet).getByRole("list", { name: "Comments (2)" });
    expect(within(commentList).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Ana Lima.*Who is on it\?$/),
      expect.stringMatching(/^Eve Staff.*Asked for a second engineer\.$/),
    ]);
    const historyList = within(sheet).getByRole("list", { name: "History" });
    expect(historyList.children).toHaveLength(3);
    const [created, firstSave, secondSave] = [...historyList.children].map((item) => item.textContent ?? "");
    expect(created).toMatch(/^Created by Ana Lima/);
    expect(firstSave).toContain("Ben Ortiz changed status from Open to In Progress");
    expect(firstSave).toContain(`Ben Ortiz set due date to ${formatCalendarDay("2030-01-05")}`);
    expect(firstSave).toContain("Ben Ortiz assigned it to Eve Staff");
    expect(firstSave).toContain("Ben Ortiz changed description");
    expect(secondSave).toContain("Ana Lima changed likelihood from Possible to Likely");
    expect(historyList.querySelectorAll("time")).toHaveLength(3);

    expect(await within(sheet).findByText("Vendor contract", {}, { timeout: 5000 })).toBeDefined();
    for (const name of ["Change status", "Edit", "Delete", "Add attachment"]) expect(within(sheet).getByRole("button", { name })).toBeDefined();
    expect(await axeViolations()).toEqual([]);
  });

  it("offers only the statuses the flow allows, and asks for the note a risk needs to be resolved", async () => {
    const { user } = renderSheet(detailOf(RISK));
    await user.click(await screen.findByRole("button", { name: "Change status" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["In Progress", "Blocked", "Resolved", "Closed"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Resolved" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolve RISK-12" });
    expect(within(dialog).getByRole("textbox", { name: "Resolution notes" })).toBeDefined();
    expect(await axeViolations()).toEqual([]);
  });

  it("saves a move that needs no note straight from the menu", async () => {
    const task = entryOf({ number: 21, status: "Blocked" });
    const { api, user } = renderSheet(detailOf(task));
    await user.click(await screen.findByRole("button", { name: "Change status" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Open", "In Progress", "Closed"]);
    api.answer(ACTION_LOG_API.update(task.id), { body: { ...task, status: "In Progress" } });
    await user.click(within(menu).getByRole("menuitem", { name: "In Progress" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Status changed", { description: "TASK-21 is now In Progress" }]]));
    expect(api.to(ACTION_LOG_API.update(task.id)).map((request) => request.body)).toEqual([{ status: "In Progress" }]);
  });

  it("opens Edit with the entry and the types of its page", async () => {
    const issue = entryOf({ action_log_type: "Issue", number: 4, title: "Invoices fail to post" });
    const { api, user } = renderSheet(detailOf(issue));
    // The real edit form asks for the assignees and the type definitions.
    api.answer(ACTION_LOG_API.assignees, { body: ASSIGNEES });
    api.answer(ACTION_LOG_API.types, { body: TYPE_DEFINITIONS });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("dialog", { name: "Edit ISSUE-4" });
    expect((within(form).getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe("Invoices fail to post");
    // The types of the Issues page: the entry's own first, then Error/Bug, and no other.
    const type = within(form).getByRole("combobox", { name: "Type" });
    expect(type.textContent).toBe("Issue");
    await user.click(type);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Issue", "Error/Bug"]);
  });

  it("is read-only for those who may not change the entry, and shows where a Get Help entry came from", async () => {
    const question = entryOf({
      action_log_type: "Question / Request for Help",
      number: 2,
      help_type: "question",
      source_page: "/content?folder=contracts",
      source_browser: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      can: { edit: false, delete: false },
    });
    renderSheet(detailOf(question), [attachmentTo(question, "Screenshot")]);
    const sheet = await screen.findByRole("dialog", { name: "HELP-2 · Entry 2" });
    expect(within(sheet).getByText("Raised from /content?folder=contracts")).toBeDefined();
    // The browser as people read it; the whole string one click away.
    expect(within(sheet).getByText("Firefox 128 on Linux").tagName).toBe("SUMMARY");
    expect(within(sheet).getByText("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBeDefined();
    expect(await within(sheet).findByText("Screenshot", {}, { timeout: 5000 })).toBeDefined();
    for (const name of ["Change status", "Edit", "Delete", "Add attachment", "Remove Screenshot"]) expect(within(sheet).queryByRole("button", { name })).toBeNull();
    expect(within(sheet).getByRole("button", { name: "Comment" })).toBeDefined();
  });

  it("shows a decision under Decision, with the day it was decided", async () => {
    const decision = entryOf({ action_log_type: "Decision", number: 3, status: "Resolved", resolution_notes: "We keep the old chart of accounts.", resolved_at: "2030-01-20T15:00:00.000Z" });
    renderSheet(detailOf(decision));
    const sheet = await screen.findByRole("dialog", { name: "DEC-3 · Entry 3" });
    const note = within(sheet).getByRole("heading", { name: "Decision" }).parentElement as HTMLElement;
    expect(note.textContent).toContain("We keep the old chart of accounts.");
    expect(note.textContent).toMatch(/Decided on .*2030/);
    expect(note.querySelector("time")?.getAttribute("dateTime")).toBe("2030-01-20T15:00:00.000Z");
  });

  it("says an entry that is gone no longer exists, with a way to close", async () => {
    const gone = entryOf();
    const onClose = vi.fn();
    installFakeApi({ [ACTION_LOG_API.entry(gone.id)]: refusal("not_found", "Action log not found") });
    const { user } = renderWithClient(<EntryDetailSheet actionLogId={gone.id} onClose={onClose} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This entry no longer exists");
    expect(screen.getByRole("dialog", { name: "Entry not found" })).toBeDefined();
    await user.click(within(alert).getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toasts.error).toEqual([]);
  });

  it("says why the entry could not load, with Failed to fetch action logs and a retry", async () => {
    const task = entryOf({ title: "Load vendors" });
    const api = installFakeApi({ [ACTION_LOG_API.entry(task.id)]: refusal("unavailable", "The service is busy."), [ATTACHMENTS_API]: { body: { attachments: [] } } });
    const { user } = renderWithClient(<EntryDetailSheet actionLogId={task.id} onClose={vi.fn()} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The service is busy.");
    await vi.waitFor(() => expect(toasts.error).toEqual([["Failed to fetch action logs", { description: "The service is busy." }]]));
    api.answer(ACTION_LOG_API.entry(task.id), { body: detailOf(task) });
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("dialog", { name: `${task.reference} · Load vendors` })).toBeDefined();
  });
});
