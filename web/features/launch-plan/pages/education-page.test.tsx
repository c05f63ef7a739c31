import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import {
  API,
  COURSE_IDS,
  DISTRIBUTION,
  FINANCIALS,
  KICKOFF,
  LEDGER,
  MILESTONE_IDS,
  PAYABLES,
  STOCK,
  WELCOME,
  currentUrl,
  plan,
  renderPlanPages,
} from "#web/features/launch-plan/components/plan-test-kit.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderEducation(path = "/education", answer: LaunchPlan = plan()) {
  installFakeApi({ [API.plan]: { body: answer } });
  return { user: userEvent.setup(), ...renderPlanPages(path) };
}

/** The listed courses as "Milestone: course" in order. */
function listed(): string[] {
  return screen.queryAllByRole("heading", { level: 3 }).map((heading) => {
    const group = heading.closest("section")?.querySelector("h2")?.textContent;
    return `${group}: ${heading.textContent}`;
  });
}

function continueCard(): HTMLElement {
  const card = screen.getByRole("heading", { name: "Continue where you left off" }).closest("section");
  if (!card) throw new Error("no continue card");
  return card;
}

describe("Education", () => {
  it("lists every course of the plan once, under its first milestone, with its status and progress", async () => {
    renderEducation();
    expect(await screen.findByRole("heading", { name: "Education", level: 1 })).toBeDefined();
    await screen.findByRole("heading", { name: "Continue where you left off" });
    expect(listed()).toEqual(["Kickoff: Welcome to the ERP", "Financials: General ledger", "Financials: Payables", "Distribution: Stock items"]);
    expect(screen.getByText("4 courses")).toBeDefined();
    const ledger = screen.getByRole("link", { name: "General ledger" });
    expect(ledger.getAttribute("href")).toBe(`/system-refinement/milestone/${MILESTONE_IDS.financials}/course/${COURSE_IDS.ledger}`);
    const ledgerItem = ledger.closest("li");
    if (!ledgerItem) throw new Error("no ledger item");
    expect(within(ledgerItem).getByText("In progress")).toBeDefined();
    expect(within(ledgerItem).getByRole("progressbar", { name: "Progress of General ledger" }).getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getByText("Items, warehouses and units")).toBeDefined();
  });

  it("continues the first course in progress, in plan order", async () => {
    const { user, router } = renderEducation();
    await screen.findByRole("heading", { name: "Continue where you left off" });
    expect(within(continueCard()).getByText("General ledger", { selector: "p" })).toBeDefined();
    await user.click(within(continueCard()).getByRole("link", { name: "Continue General ledger" }));
    expect(currentUrl(router)).toBe(`/system-refinement/milestone/${MILESTONE_IDS.financials}/course/${COURSE_IDS.ledger}`);
  });

  it("starts the first course not started when none is in progress", async () => {
    const financials = { ...FINANCIALS, courses: [PAYABLES, WELCOME] };
    renderEducation("/education", plan({ milestones: [KICKOFF, financials, { ...DISTRIBUTION, courses: [STOCK] }] }));
    await screen.findByRole("heading", { name: "Continue where you left off" });
    expect(within(continueCard()).getByRole("link", { name: "Start Payables" }).getAttribute("href")).toBe(
      `/system-refinement/milestone/${MILESTONE_IDS.financials}/course/${COURSE_IDS.payables}`,
    );
  });

  it("says when everything is complete", async () => {
    renderEducation("/education", plan({ milestones: [KICKOFF] }));
    await screen.findByRole("heading", { name: "Continue where you left off" });
    expect(within(continueCard()).getByText(/Everything is complete/)).toBeDefined();
    expect(within(continueCard()).queryByRole("link")).toBeNull();
  });

  it("filters by status, keeping the filter in the address", async () => {
    const { user, router } = renderEducation();
    await user.click(await screen.findByRole("radio", { name: "In progress" }));
    expect(currentUrl(router)).toBe("/education?status=in_progress");
    expect(listed()).toEqual(["Financials: General ledger"]);
    expect(screen.getByText("Showing 1 of 4 courses")).toBeDefined();
    await user.click(screen.getByRole("radio", { name: "Not started" }));
    expect(listed()).toEqual(["Financials: Payables", "Distribution: Stock items"]);
    await user.click(screen.getByRole("radio", { name: "All" }));
    expect(currentUrl(router)).toBe("/education");
    expect(listed()).toHaveLength(4);
  });

  it("filters by milestone: all of its courses, those listed under an earlier one too", async () => {
    const { user, router } = renderEducation();
    await user.click(await screen.findByRole("combobox", { name: "Milestone" }));
    await user.click(await screen.findByRole("option", { name: "Distribution" }));
    expect(currentUrl(router)).toBe(`/education?milestone=${MILESTONE_IDS.distribution}`);
    expect(listed()).toEqual(["Distribution: Stock items", "Distribution: General ledger"]);
    expect(screen.getByRole("link", { name: "General ledger" }).getAttribute("href")).toBe(
      `/system-refinement/milestone/${MILESTONE_IDS.distribution}/course/${COURSE_IDS.ledger}`,
    );
    // The course to continue does not follow the filters.
    expect(within(continueCard()).getByRole("link", { name: "Continue General ledger" }).getAttribute("href")).toContain(MILESTONE_IDS.financials);
  });

  it("reads the filters from the address, and ignores what it does not know", async () => {
    renderEducation(`/education?status=complete&milestone=${MILESTONE_IDS.financials}`);
    await screen.findByRole("heading", { name: "Continue where you left off" });
    expect(listed()).toEqual(["Financials: Welcome to the ERP"]);
    expect((screen.getByRole("radio", { name: "Complete" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("combobox", { name: "Milestone" }).textContent).toBe("Financials");
  });

  it("reads unknown filters as all", async () => {
    renderEducation("/education?status=bogus&milestone=33333333-3333-4333-8333-000000000009");
    await screen.findByRole("heading", { name: "Continue where you left off" });
    expect(listed()).toHaveLength(4);
    expect((screen.getByRole("radio", { name: "All" }) as HTMLInputElement).checked).toBe(true);
  });

  it("says when no course matches, with a way to show them all", async () => {
    const { user, router } = renderEducation(`/education?status=complete&milestone=${MILESTONE_IDS.distribution}`);
    expect(await screen.findByText("No courses match these filters.")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Show all courses" }));
    expect(currentUrl(router)).toBe("/education");
    expect(listed()).toHaveLength(4);
  });

  it("says when the plan has no courses", async () => {
    renderEducation("/education", plan({ milestones: [{ ...KICKOFF, courses: [] }] }));
    expect(await screen.findByRole("heading", { name: "No courses yet", level: 2 })).toBeDefined();
    expect(screen.getByRole("link", { name: "Open the Launch Plan" }).getAttribute("href")).toBe("/system-refinement");
    expect(screen.queryByRole("heading", { name: "Continue where you left off" })).toBeNull();
  });

  it("lists a course once even when one milestone names it twice", async () => {
    renderEducation("/education", plan({ milestones: [{ ...FINANCIALS, courses: [LEDGER, LEDGER] }] }));
    await screen.findByRole("heading", { name: "Continue where you left off" });
    expect(listed()).toEqual(["Financials: General ledger"]);
  });
});
