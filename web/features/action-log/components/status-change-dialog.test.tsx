import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActionLogEntry } from "#common/contracts/action-log";
import type { ActionLogStatus } from "#common/domain/action-log";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACTION_LOG_API, axeViolations, entryOf, renderWithClient } from "#web/features/action-log/action-log-test-kit.tsx";
import { refusal } from "#web/features/action-log/entry-detail-test-kit.tsx";
import { StatusChangeDialog } from "./status-change-dialog.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
});

/** The dialog as the board and the sheet use it: a move asked for, cleared when it closes. */
function Harness({ entry, toStatus, onClose }: { entry: ActionLogEntry; toStatus: ActionLogStatus; onClose: () => void }) {
  const [move, setMove] = useState<ActionLogStatus | null>(toStatus);
  return (
    <StatusChangeDialog
      entry={entry}
      toStatus={move}
      onClose={() => {
        setMove(null);
        onClose();
      }}
    />
  );
}

function renderMove(entry: ActionLogEntry, toStatus: ActionLogStatus) {
  const onClose = vi.fn();
  return { ...renderWithClient(<Harness entry={entry} toStatus={toStatus} onClose={onClose} />), onClose };
}

describe("StatusChangeDialog", () => {
  it("asks for the resolution note an issue needs, says so inline when it is blank, then saves the move with it", async () => {
    const issue = entryOf({ action_log_type: "Issue", number: 4, title: "Invoices fail to post", status: "In Progress" });
    const api = installFakeApi({ [ACTION_LOG_API.update(issue.id)]: { body: { ...issue, status: "Resolved", resolution_notes: "Mapped the GL account." } } });
    const { user, onClose } = renderMove(issue, "Resolved");

    const dialog = await screen.findByRole("dialog", { name: "Resolve ISSUE-4" });
    expect(within(dialog).getByText("Invoices fail to post")).toBeDefined();
    const note = within(dialog).getByRole("textbox", { name: "Resolution notes" });
    await user.type(note, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("A resolution note is required to resolve an issue")).toBeDefined();
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(note.getAttribute("aria-describedby")).toContain("-error");
    expect(api.requests).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.clear(note);
    await user.type(note, "Mapped the GL account.");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.to(ACTION_LOG_API.update(issue.id)).map((request) => request.body)).toEqual([{ status: "Resolved", resolution_notes: "Mapped the GL account." }]);
    await vi.waitFor(() => expect(toasts.success).toEqual([["Status changed", { description: "ISSUE-4 is now Resolved" }]]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("labels a decision's note Decision and asks to record it", async () => {
    const decision = entryOf({ action_log_type: "Decision", number: 3 });
    installFakeApi();
    const { user } = renderMove(decision, "Resolved");
    const dialog = await screen.findByRole("dialog", { name: "Resolve DEC-3" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Record the decision to mark it resolved")).toBeDefined();
    expect(within(dialog).getByRole("textbox", { name: "Decision" }).getAttribute("aria-invalid")).toBe("true");
  });

  // Issue 26: long text is kept, counted and refused, never cut.
  it("keeps a pasted 60,000-character note whole, counts it and refuses to save it", async () => {
    const risk = entryOf({ action_log_type: "Risk", number: 13, likelihood: "Likely" });
    const api = installFakeApi();
    const { user } = renderMove(risk, "Resolved");
    const dialog = await screen.findByRole("dialog", { name: "Resolve RISK-13" });
    const note = within(dialog).getByRole("textbox", { name: "Resolution notes" }) as HTMLTextAreaElement;
    expect(note.hasAttribute("maxlength")).toBe(false);
    await user.click(note);
    await user.paste("x".repeat(60_000));

    expect(note.value).toHaveLength(60_000);
    const count = within(dialog).getByText("60,000 / 10,000");
    expect(note.getAttribute("aria-describedby")).toContain(count.id);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Resolution notes must be at most 10,000 characters")).toBeDefined();
    expect(note.value).toHaveLength(60_000);
    expect(api.requests).toEqual([]);
  });

  it("saves a move that needs no note at once, without a dialog", async () => {
    const task = entryOf({ number: 7 });
    const api = installFakeApi({ [ACTION_LOG_API.update(task.id)]: { body: { ...task, status: "In Progress" } } });
    const { onClose } = renderMove(task, "In Progress");
    await vi.waitFor(() => expect(toasts.success).toEqual([["Status changed", { description: "TASK-7 is now In Progress" }]]));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.to(ACTION_LOG_API.update(task.id)).map((request) => request.body)).toEqual([{ status: "In Progress" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("resolves at once an issue that already has its note", async () => {
    const issue = entryOf({ action_log_type: "Issue", number: 5, resolution_notes: "Fixed in the mapping." });
    const api = installFakeApi({ [ACTION_LOG_API.update(issue.id)]: { body: { ...issue, status: "Resolved" } } });
    renderMove(issue, "Resolved");
    await vi.waitFor(() => expect(api.to(ACTION_LOG_API.update(issue.id)).map((request) => request.body)).toEqual([{ status: "Resolved" }]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says why a move was refused, with the server's message, and keeps the dialog open for another try", async () => {
    const risk = entryOf({ action_log_type: "Risk", number: 12, likelihood: "Likely" });
    const api = installFakeApi({
      [ACTION_LOG_API.update(risk.id)]: refusal("validation_failed", "Resolution notes must be at most 10000 characters", [
        { path: "resolution_notes", message: "Resolution notes must be at most 10000 characters" },
      ]),
    });
    const { user, onClose } = renderMove(risk, "Resolved");
    const dialog = await screen.findByRole("dialog", { name: "Resolve RISK-12" });
    await user.type(within(dialog).getByRole("textbox", { name: "Resolution notes" }), "The vendor delivered.");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Failed to update action log", { description: "Resolution notes must be at most 10000 characters" }]]),
    );
    expect(await within(dialog).findByText("Resolution notes must be at most 10000 characters")).toBeDefined();
    expect(screen.getByRole("dialog", { name: "Resolve RISK-12" })).toBeDefined();
    expect(onClose).not.toHaveBeenCalled();

    api.answer(ACTION_LOG_API.update(risk.id), refusal("conflict", "An entry that is Closed cannot move to Resolved"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(toasts.error).toHaveLength(2));
    expect(toasts.error[1]).toEqual(["Failed to update action log", { description: "An entry that is Closed cannot move to Resolved" }]);
    expect(screen.getByRole("dialog", { name: "Resolve RISK-12" })).toBeDefined();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("toasts a refused immediate move", async () => {
    const task = entryOf({ number: 8, status: "Closed" });
    installFakeApi({ [ACTION_LOG_API.update(task.id)]: refusal("conflict", "An entry that is Closed cannot move to Blocked") });
    const { onClose } = renderMove(task, "Blocked");
    await vi.waitFor(() => expect(toasts.error).toEqual([["Failed to update action log", { description: "An entry that is Closed cannot move to Blocked" }]]));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toasts.success).toEqual([]);
  });
});
