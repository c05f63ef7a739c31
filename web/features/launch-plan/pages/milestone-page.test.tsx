import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LaunchPlan } from "#common/contracts/launch-plan";
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
  currentUrl,
  milestone,
  plan,
  renderPlanPages,
  withCoursesDone,
} from "#web/features/launch-plan/components/plan-test-kit.tsx";


afterEach(() => {
  vi.unstubAllGlobals();
});

const ATTACHMENTS = "GET /api/attachments";
const attachmentsOf = (milestoneId: string) => `${ATTACHMENTS}?entity_type=milestone&entity_id=${milestoneId}`;

function renderMilestone(path: string, answer: LaunchPlan = plan(), options: Parameters<typeof renderPlanPages>[1] = {}, attachments: unknown[] = []) {
  const api = installFakeApi({ [API.plan]: { body: answer }, [ATTACHMENTS]: { body: { attachments } } });
  return { api, user: userEvent.setup(), ...renderPlanPages(path, options) };
}

const FRESH = milestone({
  id: MILESTONE_IDS.commerce,
  title: "Commerce",
  position: 3,
  prerequisites: [{ id: "33333333-3333-4333-8333-000000000009", title: null }],
});

describe("a milestone's page", () => {
  it("shows the milestone from the plan's one request, with its breadcrumb, facts and courses", async () => {
    const { api } = renderMilestone(`/milestone/${MILESTONE_IDS.financials}`);
    const title = await screen.findByRole("heading", { name: "Financials", level: 1 });
    expect(within(title.parentElement as HTMLElement).getByText("In progress")).toBeDefined();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Launch Plan" }).getAttribute("href")).toBe("/system-refinement");
    expect(within(crumbs).getByText("Financials").getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("Set up the books.")).toBeDefined();
    expect(screen.getByRole("progressbar", { name: "Progress of Financials" }).getAttribute("aria-valuenow")).toBe("38");
    expect(screen.getByText("2 weeks")).toBeDefined();
    expect(screen.getByText("Included because your locked estimate has Financials")).toBeDefined();
    expect(screen.getByRole("heading", { name: "Goals", level: 2 })).toBeDefined();
    expect(screen.getByText("First period open")).toBeDefined();
    const prerequisite = screen.getByRole("link", { name: "Kickoff" });
    expect(prerequisite.getAttribute("href")).toBe(`/milestone/${MILESTONE_IDS.kickoff}`);
    expect(prerequisite.parentElement?.textContent).toBe("Kickoff (completed)");
    const courses = screen.getByRole("heading", { name: "Courses", level: 2 }).closest("section");
    if (!courses) throw new Error("no courses");
    expect(within(courses).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "General ledger",
      "Payables",
      "Welcome to the ERP",
    ]);
    expect(within(courses).getByRole("link", { name: "General ledger" }).getAttribute("href")).toBe(
      `/system-refinement/milestone/${MILESTONE_IDS.financials}/course/${COURSE_IDS.ledger}`,
    );
    expect(within(courses).getByRole("progressbar", { name: "Progress of General ledger" }).getAttribute("aria-valuenow")).toBe("50");
    expect(within(courses).getByText("2 of 4 lessons complete")).toBeDefined();
    // The documents load with their own code, after the page.
    await vi.waitFor(() => expect(api.to(ATTACHMENTS)).toHaveLength(1));
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([API.plan, attachmentsOf(FINANCIALS.id)]);
  });

  it("answers the nested route too, and starts a milestone that may start as it opens, once", async () => {
    const { api } = renderMilestone(`/system-refinement/milestone/${FRESH.id}`, plan({ milestones: [FRESH] }));
    api.answer(API.start(FRESH.id), { body: { milestone_id: FRESH.id, status: "in_progress", completed_at: null } });
    expect(await screen.findByRole("heading", { name: "Commerce", level: 1 })).toBeDefined();
    await vi.waitFor(() => expect(api.to(API.start(FRESH.id))).toHaveLength(1));
    await vi.waitFor(() => expect(api.to(API.plan)).toHaveLength(2));
    expect(api.to(API.start(FRESH.id))).toHaveLength(1);
    // A prerequisite that names no milestone is shown as the lock reason names it.
    expect(screen.getByText("Unknown milestone")).toBeDefined();
  });

  it("leaves the milestone as it is when the provider's team opens it", async () => {
    const { api } = renderMilestone(`/milestone/${FRESH.id}`, plan({ milestones: [FRESH], can_override: true }), { user: EMPLOYEE });
    expect(await screen.findByRole("heading", { name: "Commerce", level: 1 })).toBeDefined();
    expect(screen.getByRole("button", { name: /Mark as complete/ })).toBeDefined();
    expect(api.to(API.start(FRESH.id))).toEqual([]);
  });

  it("keeps a failed start to itself", async () => {
    const { api } = renderMilestone(`/milestone/${FRESH.id}`, plan({ milestones: [FRESH] }));
    api.answer(API.start(FRESH.id), { status: 409, body: { error: { code: "conflict", message: LOCK_REASON } } });
    await screen.findByRole("heading", { name: "Commerce", level: 1 });
    await vi.waitFor(() => expect(api.to(API.start(FRESH.id))).toHaveLength(1));
    await vi.waitFor(() => expect(api.to(API.plan)).toHaveLength(2));
    expect(toasts.error).toEqual([]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("does not start a milestone that is started, or locked", async () => {
    const { api } = renderMilestone(`/milestone/${MILESTONE_IDS.distribution}`);
    expect(await screen.findByRole("heading", { name: "Distribution", level: 1 })).toBeDefined();
    expect(screen.getByText(LOCK_REASON)).toBeDefined();
    expect(screen.queryByRole("button", { name: /Mark as complete/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Financials" }).getAttribute("href")).toBe(`/milestone/${MILESTONE_IDS.financials}`);
    await vi.waitFor(() => expect(api.to(ATTACHMENTS)).toHaveLength(1));
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([API.plan, attachmentsOf(DISTRIBUTION.id)]);
  });

  it("marks the milestone complete with the toast of §8, or says why not", async () => {
    // Every course done: nothing to confirm (milestone-completion.test.tsx asks first).
    const { api, user } = renderMilestone(`/milestone/${MILESTONE_IDS.financials}`, plan({ milestones: [KICKOFF, withCoursesDone(FINANCIALS), DISTRIBUTION] }));
    api.answer(API.complete(FINANCIALS.id), { status: 409, body: { error: { code: "conflict", message: LOCK_REASON } } });
    await user.click(await screen.findByRole("button", { name: "Mark as complete Financials" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: `Failed to mark milestone as completed. ${LOCK_REASON}` }]]));

    api.answer(API.complete(FINANCIALS.id), { body: { milestone_id: FINANCIALS.id, status: "completed", completed_at: "2030-02-01T09:00:00.000Z" } });
    await user.click(screen.getByRole("button", { name: "Mark as complete Financials" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Milestone Completed", { description: "This milestone has been marked as completed." }]]));
  });

  it("says a milestone outside the plan is not found, with the way back", async () => {
    const { router, user } = renderMilestone(`/milestone/${MILESTONE_IDS.manufacturing}`);
    expect(await screen.findByRole("heading", { name: "Milestone not found", level: 1 })).toBeDefined();
    expect(screen.getByText("This milestone is not part of your launch plan, or it no longer exists.")).toBeDefined();
    await user.click(screen.getByRole("link", { name: "Back to the Launch Plan" }));
    expect(currentUrl(router)).toBe("/system-refinement");
  });

  it("tells an employee where to add a milestone outside the plan", async () => {
    renderMilestone(`/milestone/${MANUFACTURING.id}`, plan({ other_milestones: [MANUFACTURING], can_override: true }), { user: EMPLOYEE });
    expect(await screen.findByRole("heading", { name: "Milestone not found", level: 1 })).toBeDefined();
    expect(screen.getByText(/Manufacturing is not in this organization's plan/)).toBeDefined();
  });

  it("shows an error with a retry when the plan cannot load", async () => {
    const api = installFakeApi({ [API.plan]: { status: 503, body: { error: { code: "internal", message: "The service is busy." } } } });
    renderPlanPages(`/milestone/${DISTRIBUTION.id}`);
    expect((await screen.findByRole("alert")).textContent).toContain("The service is busy.");
    api.answer(API.plan, { body: plan() });
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Distribution", level: 1 })).toBeDefined();
  });
});

describe("a milestone's documents", () => {
  const REPORT = {
    id: "44444444-4444-4444-8444-000000000001",
    entity_type: "milestone" as const,
    entity_id: MILESTONE_IDS.financials,
    content: {
      id: "55555555-5555-4555-8555-000000000001",
      mission_id: "66666666-6666-4666-8666-000000000001",
      parent_id: null,
      is_folder: false,
      title: "Chart of accounts",
      description: null,
      file_name: "chart.pdf",
      file_size: 2048,
      content_type: "application/pdf",
      uploaded_by: { id: "user-1", name: "Ana Lima" },
      created_at: "2030-01-10T09:00:00.000Z",
      updated_at: "2030-01-10T09:00:00.000Z",
      child_count: null,
      thumbnail_url: null,
      location: null,
    },
    attached_by: { id: "user-1", name: "Ana Lima" },
    attached_at: "2030-01-10T09:00:00.000Z",
  };

  it.each([
    ["a member", undefined],
    ["the provider's team", EMPLOYEE],
  ])("lists the attachments and offers Add attachment to %s", async (_who, user) => {
    const { user: clicker } = renderMilestone(`/milestone/${FINANCIALS.id}`, plan(), user ? { user } : {}, [REPORT]);
    const section = (await screen.findByRole("heading", { name: "Documents", level: 2 })).closest("section");
    if (!section) throw new Error("no documents section");
    expect(await within(section).findByText("Chart of accounts")).toBeDefined();
    expect(within(section).getByText((_, element) => element?.tagName === "P" && element.textContent === "chart.pdf · 2.00 KB")).toBeDefined();
    expect(within(section).getByText(/^Attached by Ana Lima on /)).toBeDefined();
    expect(within(section).getByRole("button", { name: "Remove Chart of accounts" })).toBeDefined();

    await clicker.click(within(section).getByRole("button", { name: "Add attachment" }));
    const dialog = await screen.findByRole("dialog", { name: "Add attachment" });
    expect(within(dialog).getByRole("tab", { name: "Upload New", selected: true })).toBeDefined();
    expect(within(dialog).getByRole("tab", { name: "Select Existing", selected: false })).toBeDefined();
  });
});

describe("/launchpad", () => {
  it("opens the plan's first milestone, replacing the entry", async () => {
    installFakeApi({ [API.plan]: { body: plan() } });
    const { router } = renderPlanPages("/launchpad");
    expect(await screen.findByRole("heading", { name: "Kickoff", level: 1 })).toBeDefined();
    expect(currentUrl(router)).toBe(`/milestone/${MILESTONE_IDS.kickoff}`);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("opens the Launch Plan when the plan has no milestones", async () => {
    installFakeApi({ [API.plan]: { body: plan({ milestones: [], scope: { source: "none", modules: [] } }) } });
    const { router } = renderPlanPages("/launchpad");
    expect(await screen.findByRole("heading", { name: "Launch Plan", level: 1 })).toBeDefined();
    expect(currentUrl(router)).toBe("/system-refinement");
  });

  it("shows a loading state, then an error with a retry", async () => {
    const api = installFakeApi({ [API.plan]: { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } } });
    renderPlanPages("/launchpad");
    expect(screen.getByRole("status").textContent).toContain("Opening your first milestone...");
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong on our side.");
    api.answer(API.plan, { body: plan() });
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Kickoff", level: 1 })).toBeDefined();
  });
});
