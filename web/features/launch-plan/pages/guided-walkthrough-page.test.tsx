import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Configuration, ConfigurationQuestion } from "#common/contracts/configuration";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import { type FakeAnswer, installFakeApi } from "#web/lib/testing/fake-api.ts";
import {
  API,
  COURSE_IDS,
  DISTRIBUTION,
  FINANCIALS,
  KICKOFF,
  LEDGER,
  MILESTONE_IDS,
  PAYABLES,
  SUBMITTED,
  WELCOME,
  configuration,
  configurationModule,
  currentUrl,
  plan,
  renderPlanPages,
} from "#web/features/launch-plan/components/plan-test-kit.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

function question(key: string, answer: string | null): ConfigurationQuestion {
  return { key, prompt: `Question ${key}`, help: null, kind: "text", options: [], required: true, answer, version: answer ? 1 : null, saved_at: null, answered_in: null };
}

const HALF_ANSWERED: Configuration = configuration([
  configurationModule({ module: "Financials", submitted: SUBMITTED, answered: 2, questions: [question("a", "x"), question("b", "y")], can_edit: false }),
  configurationModule({ module: "Distribution", answered: 1, questions: [question("c", "z"), question("d", null), question("e", null)] }),
]);

const ALL_SUBMITTED: Configuration = configuration([
  configurationModule({ module: "Financials", submitted: SUBMITTED, answered: 2, questions: [question("a", "x"), question("b", "y")], can_edit: false }),
]);

function renderWalkthrough(answer: LaunchPlan, config: FakeAnswer = { body: HALF_ANSWERED }, access = undefined as Parameters<typeof renderPlanPages>[1]) {
  const api = installFakeApi({ [API.plan]: { body: answer }, [API.configuration]: config });
  return { api, user: userEvent.setup(), ...renderPlanPages("/guided-walkthrough", access) };
}

/** The steps as "title — detail (done)" lines, in order. */
function steps(): string[] {
  const list = screen.getByRole("list", { name: "Next steps" });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => {
      const heading = within(item).getByRole("heading", { level: 2 }).textContent ?? "";
      const detail = item.querySelector("p")?.textContent ?? "";
      return `${heading} — ${detail}`;
    });
}

const COMPLETED_FINANCIALS = { ...FINANCIALS, status: "completed" as const, completed_at: "2030-01-20T10:00:00.000Z", can_complete: false };

describe("the guided walkthrough", () => {
  it("lists the next milestone, the course to continue in it and the next configuration module, each with its link", async () => {
    const { user, router } = renderWalkthrough(plan());
    expect(await screen.findByRole("heading", { name: "Guided Walkthrough", level: 1 })).toBeDefined();
    await screen.findByText(/Next: Distribution/);
    expect(steps()).toEqual([
      "Step 1: Work on your next milestone — Complete Financials (38% done).",
      "Step 2: Continue a course — Continue General ledger in Financials (50% done).",
      "Step 3: Answer and submit the configuration questions — Next: Distribution (1 of 3 questions answered).",
    ]);
    expect(screen.getByText("0 of 3 steps done")).toBeDefined();
    expect(screen.getByRole("link", { name: "Open Financials" }).getAttribute("href")).toBe(`/milestone/${MILESTONE_IDS.financials}`);
    expect(screen.getByRole("link", { name: "Open the Distribution questions" }).getAttribute("href")).toBe("/configuration");
    await user.click(screen.getByRole("link", { name: "Continue General ledger" }));
    expect(currentUrl(router)).toBe(`/system-refinement/milestone/${MILESTONE_IDS.financials}/course/${COURSE_IDS.ledger}`);
  });

  it("skips locked milestones and ticks the steps that are done", async () => {
    const financials = { ...FINANCIALS, courses: [WELCOME] };
    renderWalkthrough(plan({ milestones: [KICKOFF, { ...DISTRIBUTION }, financials] }), { body: ALL_SUBMITTED });
    await screen.findByText(/All 1 module is submitted/);
    expect(steps()).toEqual([
      "Step 1: Work on your next milestone — Complete Financials (38% done).",
      "Step 2: Continue a course (done) — Every course of Financials is complete.",
      "Step 3: Answer and submit the configuration questions (done) — All 1 module is submitted.",
    ]);
    expect(screen.getByText("2 of 3 steps done")).toBeDefined();
    expect(screen.queryByRole("link", { name: /Continue/ })).toBeNull();
  });

  it("names the course to start and a module ready to submit", async () => {
    const ready = configuration([configurationModule({ module: "Commerce", answered: 1, questions: [question("f", "x")], can_submit: true })]);
    renderWalkthrough(plan({ milestones: [{ ...FINANCIALS, courses: [PAYABLES, LEDGER] }] }), { body: ready });
    await screen.findByText(/ready to submit/);
    expect(steps()).toEqual([
      "Step 1: Work on your next milestone — Complete Financials (38% done).",
      "Step 2: Continue a course — Start Payables in Financials (0% done).",
      "Step 3: Answer and submit the configuration questions — Commerce is ready to submit (1 of 1 question answered).",
    ]);
  });

  it("says so when everything is done", async () => {
    const distribution = { ...DISTRIBUTION, status: "completed" as const, completed_at: "2030-01-25T10:00:00.000Z", lock: { locked: false, reason: null } };
    renderWalkthrough(plan({ milestones: [KICKOFF, COMPLETED_FINANCIALS, distribution] }), { body: ALL_SUBMITTED });
    expect((await screen.findByText(/Everything is done/)).getAttribute("role")).toBe("status");
    expect(steps()).toEqual([
      "Step 1: Work on your next milestone (done) — All 3 milestones are complete.",
      "Step 2: Continue a course (done) — No milestone is waiting for a course.",
      "Step 3: Answer and submit the configuration questions (done) — All 1 module is submitted.",
    ]);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("names the lock when every milestone left is locked", async () => {
    renderWalkthrough(plan({ milestones: [KICKOFF, DISTRIBUTION] }));
    await screen.findByText(/Next: Distribution/);
    expect(steps()[0]).toBe("Step 1: Work on your next milestone — Complete the following milestones first: Financials");
    expect(screen.getByRole("link", { name: "Open Distribution" }).getAttribute("href")).toBe(`/milestone/${MILESTONE_IDS.distribution}`);
    expect(steps()[1]).toBe("Step 2: Continue a course — No milestone is open for a course yet.");
  });

  it("does not ask for the configuration before the NDA opens it, and says why", async () => {
    const { api } = renderWalkthrough(plan(), undefined, { access: accessAnswerFor({ ndaSigned: false, launchpadPercent: 100 }) });
    expect(await screen.findByText(NDA_REQUIRED_REASON)).toBeDefined();
    expect(api.to(API.configuration)).toEqual([]);
  });

  it("offers a retry when the configuration cannot load", async () => {
    const { api, user } = renderWalkthrough(plan(), { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } });
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong on our side.");
    api.answer(API.configuration, { body: HALF_ANSWERED });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/Next: Distribution/)).toBeDefined();
  });
});
