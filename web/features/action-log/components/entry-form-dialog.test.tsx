import { configure, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { ACTION_LOG_MESSAGES, type ActionLogType } from "#common/domain/action-log";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACTION_LOG_API, ASSIGNEES, PEOPLE, PHASE, TYPE_DEFINITIONS, axeViolations, entryOf, renderWithClient } from "#web/features/action-log/action-log-test-kit.tsx";
import { EntryFormDialog } from "./entry-form-dialog.tsx";


// Each step waits for a list the page loads and draws (a matrix, a board): on a busy machine that
// takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const closed = vi.fn();

function Harness({ entry, defaultType, allowedTypes }: { entry?: ActionLogEntry; defaultType?: ActionLogType; allowedTypes: readonly ActionLogType[] }) {
  const [open, setOpen] = useState(true);
  return (
    <EntryFormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) closed();
      }}
      entry={entry}
      defaultType={defaultType}
      allowedTypes={allowedTypes}
    />
  );
}

function installForm() {
  return installFakeApi({
    [ACTION_LOG_API.assignees]: { body: ASSIGNEES },
    [ACTION_LOG_API.types]: { body: TYPE_DEFINITIONS },
    [ACTION_LOG_API.create]: (request) => ({ status: 201, body: entryOf({ ...(request.body as object), number: 12, assigned_to: null, action_log_phase: null } as Partial<ActionLogEntry>) }),
  });
}

async function choose(user: ReturnType<typeof renderWithClient>["user"], field: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: field }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("the entry form", () => {
  it("asks for a title, trimmed, before sending", async () => {
    const api = installForm();
    const { user } = renderWithClient(<Harness defaultType="Decision" allowedTypes={["Decision"]} />);
    const dialog = await screen.findByRole("dialog", { name: "New decision" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create decision" }));
    expect(await within(dialog).findByText("Title is required")).toBeDefined();
    expect(within(dialog).getByRole("textbox", { name: "Title" }).getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByRole("textbox", { name: "Decision" })).toBeDefined();
    expect(api.to(ACTION_LOG_API.create)).toEqual([]);
  });

  it("creates a risk with the fields its type asks for, showing the score as likelihood and impact are chosen", async () => {
    const api = installForm();
    closed.mockClear();
    const { user } = renderWithClient(<Harness defaultType="Risk" allowedTypes={["Risk"]} />);
    const dialog = await screen.findByRole("dialog", { name: "New risk" });
    expect(within(dialog).queryByRole("combobox", { name: "Type" })).toBeNull();
    expect(within(dialog).queryByRole("combobox", { name: "Priority" })).toBeNull();
    expect(within(dialog).queryByRole("combobox", { name: "Status" })).toBeNull();

    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "  Data arrives late ");
    expect(within(dialog).getByText("Choose a likelihood to score this risk")).toBeDefined();
    await choose(user, "Likelihood", "Likely");
    await choose(user, "Impact", "High");
    expect(within(dialog).getByText("9 of 16 · High")).toBeDefined();
    await choose(user, "Assigned to", "Eve Staff");
    await choose(user, "Phase", PHASE.title);
    await user.type(within(dialog).getByLabelText("Due date"), "2030-05-01");
    await user.click(within(dialog).getByRole("button", { name: "Create risk" }));

    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(api.to(ACTION_LOG_API.create)[0]?.body).toEqual({
      title: "Data arrives late",
      action_log_type: "Risk",
      assigned_to: PEOPLE.eve.id,
      due_date: "2030-05-01",
      impact_level: "High",
      likelihood: "Likely",
      action_log_phase: PHASE.id,
    });
    await vi.dynamicImportSettled();
    expect(toasts.success).toEqual([["Risk logged", { description: "RISK-12 · Data arrives late" }]]);
  });

  it("offers the allowed types and the assignees: Unassigned, the members, then the provider team", async () => {
    installForm();
    const { user } = renderWithClient(<Harness allowedTypes={["Task", "Issue", "Risk"]} />);
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Task", "Issue", "Risk"]);
    await user.click(screen.getByRole("option", { name: "Issue" }));
    expect(screen.getByRole("dialog", { name: "New issue" })).toBeDefined();
    expect(screen.getByRole("combobox", { name: "Category" })).toBeDefined();
    await user.click(screen.getByRole("combobox", { name: "Assigned to" }));
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Unassigned", "Ana Lima", "Ben Ortiz", "Eve Staff"]);
    expect(within(screen.getByRole("group", { name: "Provider team" })).getByRole("option", { name: "Eve Staff" })).toBeDefined();
  });

  it("has no accessibility violations axe can find without layout", async () => {
    installForm();
    renderWithClient(<Harness defaultType="Risk" allowedTypes={["Task", "Risk"]} />);
    await screen.findByRole("dialog", { name: "New risk" });
    expect(await axeViolations()).toEqual([]);
  });

  it("edits an issue: the status offers the flow's moves, and resolving asks for the note before sending", async () => {
    const issue = entryOf({ action_log_type: "Issue", title: "Invoices fail", status: "In Progress", assigned_to: { ...PEOPLE.ben, is_employee: false } });
    const api = installForm();
    api.answer(ACTION_LOG_API.update(issue.id), (request) => ({ body: { ...issue, ...(request.body as object) } }));
    closed.mockClear();
    const { user } = renderWithClient(<Harness entry={issue} allowedTypes={["Issue", "Error/Bug"]} />);
    const dialog = await screen.findByRole("dialog", { name: `Edit ${issue.reference}` });
    await user.click(within(dialog).getByRole("combobox", { name: "Status" }));
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["In Progress", "Open", "Blocked", "Resolved", "Closed"]);
    await user.click(screen.getByRole("option", { name: "Resolved" }));
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("A resolution note is required to resolve an issue")).toBeDefined();
    expect(api.to(ACTION_LOG_API.update(issue.id))).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: "Resolution notes" }), "Fixed the tax code");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(api.to(ACTION_LOG_API.update(issue.id))[0]?.body).toEqual({ status: "Resolved", resolution_notes: "Fixed the tax code" });
    await vi.dynamicImportSettled();
    expect(toasts.success).toEqual([["Issue updated", { description: `${issue.reference} · Invoices fail` }]]);
  });

  it("puts the server's field errors on their fields, and toasts any other refusal", async () => {
    const api = installForm();
    api.answer(ACTION_LOG_API.create, {
      status: 400,
      body: { error: { code: "validation_failed", message: "Check the fields", details: [{ path: "assigned_to", message: "Ben Ortiz is not a member any more" }] } },
    });
    const { user } = renderWithClient(<Harness defaultType="Task" allowedTypes={["Task"]} />);
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Load vendors");
    await user.click(within(dialog).getByRole("button", { name: "Create task" }));
    expect(await within(dialog).findByText("Ben Ortiz is not a member any more")).toBeDefined();
    expect(within(dialog).getByRole("combobox", { name: "Assigned to" }).getAttribute("aria-invalid")).toBe("true");
    expect(toasts.error).toEqual([]);

    api.answer(ACTION_LOG_API.create, { status: 409, body: { error: { code: "conflict", message: "The organization's numbering is busy; try again" } } });
    await user.click(within(dialog).getByRole("button", { name: "Create task" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([[ACTION_LOG_MESSAGES.createFailed, { description: "The organization's numbering is busy; try again" }]]));
    expect(screen.getByRole("dialog", { name: "New task" })).toBeDefined();
  });

  it("clears a field's error as soon as the field changes, before any submit", async () => {
    const api = installForm();
    api.answer(ACTION_LOG_API.create, {
      status: 400,
      body: { error: { code: "validation_failed", message: "Check the fields", details: [{ path: "assigned_to", message: "Ben Ortiz is not a member any more" }] } },
    });
    const { user } = renderWithClient(<Harness defaultType="Task" allowedTypes={["Task"]} />);
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    await user.click(within(dialog).getByRole("button", { name: "Create task" }));
    expect(await within(dialog).findByText("Title is required")).toBeDefined();
    await user.type(title, "Load vendors");
    expect(within(dialog).queryByText("Title is required")).toBeNull();
    expect(title.getAttribute("aria-invalid")).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Create task" }));
    expect(await within(dialog).findByText("Ben Ortiz is not a member any more")).toBeDefined();
    await choose(user, "Assigned to", "Eve Staff");
    expect(within(dialog).queryByText("Ben Ortiz is not a member any more")).toBeNull();
    expect(within(dialog).getByRole("combobox", { name: "Assigned to" }).getAttribute("aria-invalid")).toBeNull();
    expect(api.to(ACTION_LOG_API.create)).toHaveLength(1);
  });

  it("asks before throwing away unsaved changes: Keep Editing, then Discard Changes", async () => {
    installForm();
    closed.mockClear();
    const { user } = renderWithClient(<Harness defaultType="Task" allowedTypes={["Task"]} />);
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Half a thought");
    await user.keyboard("{Escape}");
    const confirm = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await user.click(within(confirm).getByRole("button", { name: "Keep Editing" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect((screen.getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe("Half a thought");
    expect(closed).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Discard Changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(closed).toHaveBeenCalledTimes(1);
  });

  // Issue 26: a pasted description was cut to 10,000 characters without a word.
  it("keeps a pasted 60,000-character description whole, counts it and refuses to send it", async () => {
    const api = installForm();
    const { user } = renderWithClient(<Harness defaultType="Task" allowedTypes={["Task"]} />);
    const dialog = await screen.findByRole("dialog", { name: "New task" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Move the ledgers");
    const description = within(dialog).getByRole("textbox", { name: "Description" }) as HTMLTextAreaElement;
    expect(description.hasAttribute("maxlength")).toBe(false);
    await user.click(description);
    await user.paste("x".repeat(60_000));

    expect(description.value).toHaveLength(60_000);
    const count = within(dialog).getByText("60,000 / 10,000");
    expect(description.getAttribute("aria-describedby")).toContain(count.id);
    await user.click(within(dialog).getByRole("button", { name: "Create task" }));
    expect(await within(dialog).findByText("Description must be at most 10,000 characters")).toBeDefined();
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(description.value).toHaveLength(60_000);
    expect(api.to(ACTION_LOG_API.create)).toEqual([]);
  });

  it("closes at once when nothing was changed", async () => {
    installForm();
    closed.mockClear();
    const { user } = renderWithClient(<Harness defaultType="Task" allowedTypes={["Task"]} />);
    await screen.findByRole("dialog", { name: "New task" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
