import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import {
  API,
  COURSE_IDS,
  DISTRIBUTION,
  EMPLOYEE,
  FINANCIALS,
  KICKOFF,
  LOCK_REASON,
  MANUFACTURING,
  MILESTONE_IDS,
  milestone,
  plan,
  renderPlanPages,
  withCoursesDone,
} from "#web/features/launch-plan/components/plan-test-kit.tsx";
import type { LaunchPlan, TeamProgress } from "#common/contracts/launch-plan";


afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPlan(answer: LaunchPlan = plan(), options: Parameters<typeof renderPlanPages>[1] = {}, team: TeamProgress = { members: [] }) {
  const api = installFakeApi({ [API.plan]: { body: answer }, [API.team]: { body: team } });
  return { api, user: userEvent.setup(), ...renderPlanPages("/system-refinement", options) };
}

/** A milestone's card, by its title. */
function card(title: string): HTMLElement {
  const element = screen.getByRole("heading", { name: title, level: 2 }).closest("section");
  if (!element) throw new Error(`no card for ${title}`);
  return element;
}

const STATUS_CHANGE = { status: 200, body: { milestone_id: FINANCIALS.id, status: "completed", completed_at: "2030-02-01T09:00:00.000Z" } };

describe("the Launch Plan", () => {
  it("shows a skeleton, then the scope and the milestones in the API's order", async () => {
    renderPlan();
    expect(screen.getByRole("status").textContent).toContain("Loading launch plan...");
    expect(await screen.findByRole("heading", { name: "Kickoff", level: 2 })).toBeDefined();
    expect(screen.getByRole("heading", { name: "Launch Plan", level: 1 })).toBeDefined();
    expect(screen.getByText("Your plan follows your locked estimate: Financials, Distribution and Commerce.")).toBeDefined();
    expect(screen.getByText("1 of 3 milestones completed")).toBeDefined();
    const list = screen.getByRole("list", { name: "Milestones" });
    expect(within(list).getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Kickoff", "Financials", "Distribution"]);
    expect(within(card("Financials")).getByRole("link", { name: "Financials" }).getAttribute("href")).toBe(`/milestone/${MILESTONE_IDS.financials}`);
  });

  it("shows each milestone's status, progress, estimate, goals, reason and courses", async () => {
    renderPlan();
    await screen.findByRole("heading", { name: "Kickoff", level: 2 });
    const kickoff = card("Kickoff");
    expect(within(kickoff).getByText("Completed").closest("span")?.querySelector("time")?.getAttribute("dateTime")).toBe(KICKOFF.completed_at);
    const financials = card("Financials");
    expect(within(financials).getByText("In progress")).toBeDefined();
    const progress = within(financials).getByRole("progressbar", { name: "Progress of Financials" });
    expect(progress.getAttribute("aria-valuenow")).toBe("38");
    expect(within(financials).getByText("38%")).toBeDefined();
    expect(within(financials).getByText("2 weeks")).toBeDefined();
    expect(within(financials).getAllByRole("listitem").map((item) => item.textContent)).toContain("Chart of accounts ready");
    expect(within(financials).getByText("Included because your locked estimate has Financials")).toBeDefined();
    expect(within(financials).getByRole("link", { name: "General ledger" }).getAttribute("href")).toBe(
      `/system-refinement/milestone/${MILESTONE_IDS.financials}/course/${COURSE_IDS.ledger}`,
    );
    expect(within(financials).getByText("General ledger:", { exact: false }).parentElement?.textContent).toBe("General ledger: 50% complete");
    expect(within(card("Distribution")).getByText("Not started")).toBeDefined();
  });

  it("shows a lock with the server's reason, word for word", async () => {
    renderPlan();
    await screen.findByRole("heading", { name: "Kickoff", level: 2 });
    expect(within(card("Distribution")).getByText("Locked")).toBeDefined();
    expect(within(card("Distribution")).getByText(LOCK_REASON)).toBeDefined();
    expect(within(card("Financials")).queryByText("Locked")).toBeNull();
  });

  it("offers only what the verdicts allow, and no employee actions to a member", async () => {
    const fresh = milestone({ id: MILESTONE_IDS.commerce, title: "Commerce", position: 3 });
    renderPlan(plan({ milestones: [KICKOFF, FINANCIALS, fresh, DISTRIBUTION] }));
    await screen.findByRole("heading", { name: "Kickoff", level: 2 });
    const names = (title: string) => within(card(title)).queryAllByRole("button").map((button) => button.textContent);
    expect(names("Kickoff")).toEqual([]);
    expect(names("Financials")).toEqual(["Mark as complete Financials"]);
    expect(names("Commerce")).toEqual(["Start Commerce", "Mark as complete Commerce"]);
    expect(names("Distribution")).toEqual([]);
    expect(screen.queryByRole("heading", { name: "Other milestones" })).toBeNull();
  });

  it("starts a milestone on request", async () => {
    const fresh = milestone({ id: MILESTONE_IDS.commerce, title: "Commerce" });
    const { api, user } = renderPlan(plan({ milestones: [fresh] }));
    api.answer(API.start(fresh.id), { body: { milestone_id: fresh.id, status: "in_progress", completed_at: null } });
    await user.click(await screen.findByRole("button", { name: "Start Commerce" }));
    await vi.waitFor(() => expect(api.to(API.start(fresh.id))).toHaveLength(1));
    await vi.waitFor(() => expect(api.to(API.plan)).toHaveLength(2));
    expect(toasts.error).toEqual([]);
  });

  it("marks a milestone complete: the toast of §8, then the plan again", async () => {
    const { api, user } = renderPlan(plan({ milestones: [KICKOFF, withCoursesDone(FINANCIALS), DISTRIBUTION] }));
    api.answer(API.complete(FINANCIALS.id), STATUS_CHANGE);
    await user.click(await screen.findByRole("button", { name: "Mark as complete Financials" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Milestone Completed", { description: "This milestone has been marked as completed." }]]));
    expect(api.to(API.complete(FINANCIALS.id))).toHaveLength(1);
    expect(api.to(API.plan)).toHaveLength(2);
  });

  it("says why completing failed, in the server's words (409)", async () => {
    const { api, user } = renderPlan(plan({ milestones: [KICKOFF, withCoursesDone(FINANCIALS), DISTRIBUTION] }));
    api.answer(API.complete(FINANCIALS.id), { status: 409, body: { error: { code: "conflict", message: LOCK_REASON } } });
    await user.click(await screen.findByRole("button", { name: "Mark as complete Financials" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Error", { description: `Failed to mark milestone as completed. ${LOCK_REASON}` }]]),
    );
    expect(toasts.success).toEqual([]);
  });

  it("shows an error with a retry when the plan cannot load", async () => {
    const api = installFakeApi({ [API.plan]: { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } } });
    renderPlanPages("/system-refinement");
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong on our side.");
    api.answer(API.plan, { body: plan() });
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Kickoff", level: 2 })).toBeDefined();
  });

  it("says why a plan is empty: no estimate yet, with the way to get one", async () => {
    renderPlan(plan({ scope: { source: "none", modules: [] }, milestones: [] }));
    expect(await screen.findByRole("heading", { name: "Your plan has no milestones yet", level: 2 })).toBeDefined();
    expect(screen.getByText(/you have no estimate yet/)).toBeDefined();
    expect(screen.getByRole("link", { name: "Get a price" }).getAttribute("href")).toBe("/price");
    expect(screen.queryByRole("list", { name: "Milestones" })).toBeNull();
  });

  it("says why a plan with an estimate is empty", async () => {
    renderPlan(plan({ scope: { source: "estimate", modules: ["Payroll"] }, milestones: [] }));
    expect(await screen.findByText("None of the milestones match the modules of your primary estimate. Review your estimate to build your plan.")).toBeDefined();
    expect(screen.getByText("Your plan follows your primary estimate: Payroll.")).toBeDefined();
    expect(screen.getByRole("link", { name: "Review your estimate" }).getAttribute("href")).toBe("/price");
  });
});

describe("the Launch Plan for employees", () => {
  const overridden = { ...FINANCIALS, override: "include" as const, reason: "Added to your plan by the provider's team" };
  const removed = milestone({ id: MILESTONE_IDS.commerce, title: "Commerce", override: "exclude", reason: "Removed from your plan by the provider's team" });
  const employeePlan = plan({ milestones: [KICKOFF, overridden], other_milestones: [MANUFACTURING, removed], can_override: true });

  it("offers Remove from plan on every milestone and Follow the estimate over an override", async () => {
    const { api, user } = renderPlan(employeePlan, { user: EMPLOYEE });
    await screen.findByRole("heading", { name: "Kickoff", level: 2 });
    expect(within(card("Kickoff")).getAllByRole("button").map((button) => button.textContent)).toEqual(["Remove from plan Kickoff"]);
    expect(within(card("Financials")).getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Mark as complete Financials",
      "Follow the estimate Financials",
      "Remove from plan Financials",
    ]);
    api.answer(API.override(FINANCIALS.id), STATUS_CHANGE);
    await user.click(screen.getByRole("button", { name: "Remove from plan Financials" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Plan updated", { description: "Financials is no longer in this organization's plan." }]]));
    expect(api.to(API.override(FINANCIALS.id)).map((request) => request.body)).toEqual([{ override: "exclude" }]);

    await user.click(screen.getByRole("button", { name: "Follow the estimate Financials" }));
    await vi.waitFor(() => expect(api.to(API.override(FINANCIALS.id)).map((request) => request.body)).toEqual([{ override: "exclude" }, { override: null }]));
  });

  it("lists the other milestones with their reason, to add to the plan", async () => {
    const { api, user } = renderPlan(employeePlan, { user: EMPLOYEE });
    const others = (await screen.findByRole("heading", { name: "Other milestones", level: 2 })).closest("section");
    if (!others) throw new Error("no Other milestones");
    expect(within(others).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Manufacturing", "Commerce"]);
    expect(within(others).getByText("Not in your plan: your locked estimate has no Manufacturing")).toBeDefined();
    expect(within(others).getByText("Removed from your plan by the provider's team")).toBeDefined();
    expect(within(others).getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Add to plan Manufacturing",
      "Follow the estimate Commerce",
      "Add to plan Commerce",
    ]);
    api.answer(API.override(MANUFACTURING.id), { body: { milestone_id: MANUFACTURING.id, status: "not_started", completed_at: null } });
    await user.click(within(others).getByRole("button", { name: "Add to plan Manufacturing" }));
    await vi.waitFor(() => expect(api.to(API.override(MANUFACTURING.id)).map((request) => request.body)).toEqual([{ override: "include" }]));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Plan updated", { description: "Manufacturing is now in this organization's plan." }]]));
  });

  it("says what failed when the plan cannot change", async () => {
    const { api, user } = renderPlan(employeePlan, { user: EMPLOYEE });
    api.answer(API.override(KICKOFF.id), { status: 404, body: { error: { code: "not_found", message: "Milestone not found" } } });
    await user.click(await screen.findByRole("button", { name: "Remove from plan Kickoff" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "Failed to change the plan. Milestone not found" }]]));
  });

  it("shows each member's progress, overall and by milestone", async () => {
    const team: TeamProgress = {
      members: [
        {
          profile_id: "member-1",
          name: "Ana Lima",
          email: "ana@example.test",
          percent: 25,
          completed_lessons: 2,
          total_lessons: 8,
          milestones: [{ milestone_id: KICKOFF.id, title: "Kickoff", percent: 50 }],
        },
      ],
    };
    const { api } = renderPlan(employeePlan, { user: EMPLOYEE }, team);
    const section = (await screen.findByRole("heading", { name: "Team progress", level: 2 })).closest("section");
    if (!section) throw new Error("no Team progress");
    expect(await within(section).findByText("2 of 8 lessons")).toBeDefined();
    expect(within(section).getByRole("progressbar", { name: "Progress of Ana Lima" }).getAttribute("aria-valuenow")).toBe("25");
    expect(within(section).getByRole("progressbar", { name: "Ana Lima: Kickoff" }).getAttribute("aria-valuenow")).toBe("50");
    expect(api.to(API.team)).toHaveLength(1);
  });

  it("never asks a member's browser for the team's progress", async () => {
    const { api } = renderPlan();
    await screen.findByRole("heading", { name: "Kickoff", level: 2 });
    expect(screen.queryByRole("heading", { name: "Team progress" })).toBeNull();
    expect(api.to(API.team)).toHaveLength(0);
  });

  it("points an employee at Other milestones when the plan is empty", async () => {
    renderPlan(plan({ milestones: [], other_milestones: [MANUFACTURING], can_override: true }), { user: EMPLOYEE });
    expect(await screen.findByText("You can add milestones by hand from Other milestones below.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Add to plan Manufacturing" })).toBeDefined();
  });
});
