import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LaunchPlan, MilestoneHistory } from "#common/contracts/launch-plan";
import { formatDay } from "#web/lib/format-date.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import {
  API,
  DISTRIBUTION,
  EMPLOYEE,
  FINANCIALS,
  KICKOFF,
  plan,
  renderPlanPages,
  withCoursesDone,
} from "#web/features/launch-plan/components/plan-test-kit.tsx";

// Completing a milestone with courses left only once confirmed, and reopening a completed one
// with a reason (issue 26); the verdicts and counts come with the plan.

afterEach(() => {
  vi.unstubAllGlobals();
});

const ATTACHMENTS = "GET /api/attachments";
const COMPLETED = { milestone_id: FINANCIALS.id, status: "completed", completed_at: "2030-02-01T09:00:00.000Z" };
const CLOSED_AT = "2030-01-05T10:00:00.000Z";
const REOPENED_AT = "2030-01-08T10:00:00.000Z";

/** Kickoff closed early by Ana with 1 of 4 courses done; the employee may reopen it. */
const CLOSED_EARLY_KICKOFF = {
  ...KICKOFF,
  percent: 25,
  closed_early: { at: CLOSED_AT, by_name: "Ana Lima", course_tally: { complete: 1, total: 4 } },
  has_history: true,
  can_reopen: true,
};

const HISTORY: MilestoneHistory = {
  entries: [
    { id: "77777777-7777-4777-8777-000000000002", event: "reopened", at: REOPENED_AT, by_name: "Eve Employee", reason: "The ledger import failed.\nRedo it.", course_tally: { complete: 1, total: 4 } },
    { id: "77777777-7777-4777-8777-000000000001", event: "completed_early", at: CLOSED_AT, by_name: "Ana Lima", reason: null, course_tally: { complete: 1, total: 4 } },
  ],
};

function renderAt(path: string, answer: LaunchPlan = plan(), options: Parameters<typeof renderPlanPages>[1] = {}) {
  const api = installFakeApi({ [API.plan]: { body: answer }, [ATTACHMENTS]: { body: { attachments: [] } } });
  return { api, user: userEvent.setup(), ...renderPlanPages(path, options) };
}

describe("completing a milestone with courses left", () => {
  it("says what is left and asks first; Cancel sends nothing, Complete anyway confirms", async () => {
    const { api, user } = renderAt(`/milestone/${FINANCIALS.id}`);
    api.answer(API.completeEarly(FINANCIALS.id), { body: COMPLETED });
    await user.click(await screen.findByRole("button", { name: "Mark as complete Financials" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Complete Financials early?" });
    expect(within(dialog).getByText("2 of 3 courses are not complete. Complete the milestone anyway?")).toBeDefined();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.to(API.complete(FINANCIALS.id))).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Mark as complete Financials" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Complete anyway" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Milestone Completed", { description: "This milestone has been marked as completed." }]]));
    expect(api.to(API.completeEarly(FINANCIALS.id))).toHaveLength(1);
    expect(api.to(API.complete(FINANCIALS.id))).toEqual([]);
  });

  it("asks with the server's counts when the page thought every course was done", async () => {
    const { api, user } = renderAt("/system-refinement", plan({ milestones: [KICKOFF, withCoursesDone(FINANCIALS), DISTRIBUTION] }));
    const left = { code: "conflict", message: "1 of 3 courses is not complete", details: { courses_complete: 2, courses_total: 3 } };
    api.answer(API.complete(FINANCIALS.id), { status: 409, body: { error: left } });
    api.answer(API.completeEarly(FINANCIALS.id), { body: COMPLETED });
    await user.click(await screen.findByRole("button", { name: "Mark as complete Financials" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Complete Financials early?" });
    expect(within(dialog).getByText("1 of 3 courses is not complete. Complete the milestone anyway?")).toBeDefined();
    expect(toasts.error).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Complete anyway" }));
    await vi.waitFor(() => expect(api.to(API.completeEarly(FINANCIALS.id))).toHaveLength(1));
  });
});

describe("a milestone closed early", () => {
  it("reads as completed early, on the plan and on its page, with its history", async () => {
    const { api } = renderAt("/system-refinement", plan({ milestones: [CLOSED_EARLY_KICKOFF, FINANCIALS, DISTRIBUTION] }));
    api.answer(API.history(KICKOFF.id), { body: HISTORY });
    expect(await screen.findByText("1 of 3 milestones completed, 1 of them closed early")).toBeDefined();
    const card = screen.getByRole("heading", { name: "Kickoff", level: 2 }).closest("section") as HTMLElement;
    expect(within(card).getByText("Completed early")).toBeDefined();
    expect(within(card).getByRole("progressbar", { name: "Progress of Kickoff" }).getAttribute("aria-valuenow")).toBe("25");
    expect(within(card).getByText(`Completed early by Ana Lima on ${formatDay(CLOSED_AT)} with 1 of 4 courses done.`)).toBeDefined();
    // The plan page needs no history.
    expect(api.to(API.history(KICKOFF.id))).toEqual([]);
  });

  it("lists the milestone's events on its page, newest first, a reason with its lines", async () => {
    const { api } = renderAt(`/milestone/${KICKOFF.id}`, plan({ milestones: [CLOSED_EARLY_KICKOFF, FINANCIALS, DISTRIBUTION] }));
    api.answer(API.history(KICKOFF.id), { body: HISTORY });
    const section = (await screen.findByRole("heading", { name: "History", level: 2 })).closest("section") as HTMLElement;
    expect(within(section).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `Reopened by Eve Employee on ${formatDay(REOPENED_AT)}: The ledger import failed.\nRedo it.`,
      `Completed early by Ana Lima on ${formatDay(CLOSED_AT)} with 1 of 4 courses done`,
    ]);
  });

  it("asks for no history while the milestone has none", async () => {
    const { api } = renderAt(`/milestone/${KICKOFF.id}`);
    expect(await screen.findByRole("heading", { name: "Kickoff", level: 1 })).toBeDefined();
    await vi.waitFor(() => expect(api.to(ATTACHMENTS)).toHaveLength(1));
    expect(api.to(API.history(KICKOFF.id))).toEqual([]);
    expect(screen.queryByRole("heading", { name: "History" })).toBeNull();
  });
});

describe("reopening a milestone", () => {
  it("is offered only with the server's verdict (can_reopen)", async () => {
    renderAt(`/milestone/${KICKOFF.id}`);
    expect(await screen.findByRole("heading", { name: "Kickoff", level: 1 })).toBeDefined();
    expect(screen.queryByRole("button", { name: /Reopen/ })).toBeNull();
  });

  it("asks for a reason, shows the field's error, and reopens with the toast", async () => {
    const { api, user } = renderAt(`/milestone/${KICKOFF.id}`, plan({ milestones: [CLOSED_EARLY_KICKOFF, FINANCIALS, DISTRIBUTION], can_override: true }), { user: EMPLOYEE });
    api.answer(API.history(KICKOFF.id), { body: HISTORY });
    api.answer(API.reopen(KICKOFF.id), { status: 400, body: { error: { code: "validation_failed", message: "reason: Reason cannot contain control characters", details: [{ path: "reason", message: "Reason cannot contain control characters" }] } } });
    await user.click(await screen.findByRole("button", { name: "Reopen Kickoff" }));
    const dialog = await screen.findByRole("dialog", { name: "Reopen Kickoff" });
    await user.click(within(dialog).getByRole("button", { name: "Reopen milestone" }));
    expect(await within(dialog).findByText("Reason is required")).toBeDefined();
    expect(api.to(API.reopen(KICKOFF.id))).toEqual([]);

    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    await user.type(reason, "  Completed by mistake  ");
    await user.click(within(dialog).getByRole("button", { name: "Reopen milestone" }));
    expect(await within(dialog).findByText("Reason cannot contain control characters")).toBeDefined();
    expect(reason.getAttribute("aria-invalid")).toBe("true");

    api.answer(API.reopen(KICKOFF.id), { body: { milestone_id: KICKOFF.id, status: "in_progress", completed_at: null } });
    await user.click(within(dialog).getByRole("button", { name: "Reopen milestone" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Milestone Reopened", { description: "This milestone is in progress again." }]]));
    expect(api.to(API.reopen(KICKOFF.id)).map((request) => request.body)).toEqual([{ reason: "Completed by mistake" }, { reason: "Completed by mistake" }]);
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
