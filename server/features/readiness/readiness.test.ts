import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitApAutomationWorkspaceRoute } from "#common/contracts/extension-workspaces";
import { type ReadinessAnswer, getReadinessRoute } from "#common/contracts/readiness";
import type { Runtime } from "#server/runtime";
import { createEntryOk } from "#tests/action-log-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, callContract } from "#tests/factories";
import { completePage, isoDateFromToday, savePage, signNdaOk } from "#tests/onboarding-test-kit";
import { createPlainEstimate, estimateAction } from "#tests/pricing-test-kit";
import { changeExtensionOk } from "#tests/extensions-test-kit";
import { COMPLETE_AP_ANSWERS, activateExtension, saveApDraft } from "#tests/extension-workspaces-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** GET /api/readiness: the score from the organization's facts, as it changes. */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function readinessOf(as: TestUser, org?: string): Promise<ReadinessAnswer> {
  const response = await callContract(runtime, getReadinessRoute, { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const factorOf = (readiness: ReadinessAnswer, id: string) => readiness.factors.find((factor) => factor.id === id);

describe("the readiness score", () => {
  it("adds up its factors, and moves as the organization signs, estimates, plans and records risks", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
    const fresh = await readinessOf(member);
    expect(fresh.factors.map((factor) => factor.id)).toEqual(["launchpad", "nda", "subscription", "data", "configuration", "extensions", "plan", "schedule", "risks", "overdue"]);
    expect(fresh.score).toBe(Math.round(fresh.factors.reduce((sum, factor) => sum + factor.points, 0)));
    expect(fresh.next_action).toEqual({ label: "Complete the launchpad to open the Launch Plan", route: "/dashboard" });
    expect(factorOf(fresh, "schedule")).toMatchObject({ points: 0, detail: "No go-live date yet" });

    await signNdaOk(runtime, admin);
    const estimate = await createPlainEstimate(runtime, member, "Plan");
    expect(factorOf(await readinessOf(member), "subscription")).toMatchObject({ points: 5, detail: "Estimated, not locked" });
    expect((await estimateAction(runtime, admin, estimate.id, "lock")).status).toBe(200);
    expect((await savePage(runtime, member, "timeline-planning", "complete", { go_live_date: isoDateFromToday(90), key_dates: [] })).status).toBe(200);
    await completePage(runtime, member, "business-setup");

    const risk = { action_log_type: "Risk", impact_level: "Critical", likelihood: "Likely" };
    await createEntryOk(runtime, member, { title: "Key user leaves", ...risk });
    await createEntryOk(runtime, member, { title: "Late task", action_log_type: "Task", due_date: isoDateFromToday(-3) });
    const after = await readinessOf(member);
    expect(factorOf(after, "nda")).toMatchObject({ points: 10, detail: "Signed", action: null });
    expect(factorOf(after, "subscription")).toMatchObject({ points: 10, detail: "Locked" });
    expect(factorOf(after, "schedule")?.detail).toMatch(/^(On pace|Behind): 0% done, \d+% due by today$/);
    expect(factorOf(after, "risks")).toMatchObject({ points: 3.3, detail: "1 risk High or Critical" });
    expect(factorOf(after, "overdue")).toMatchObject({ points: 4, detail: "1 entry overdue" });
    expect(after.score).toBeGreaterThan(fresh.score);

    // An employee acting for the organization reads the same answer.
    const employee = await buildUser(runtime, { isEmployee: true });
    expect(await readinessOf(employee, organization.id)).toEqual(after);
  });

  it("counts the active extensions' workspaces submitted, and leaves the Decision-maker Dashboard out", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    expect(factorOf(await readinessOf(member), "extensions")).toMatchObject({ points: 5, detail: "None active" });
    await activateExtension(runtime, employee, organization.id, "ap-automation");
    await changeExtensionOk(runtime, employee, "activate", "decision-maker-dashboard", { org: organization.id });
    expect(factorOf(await readinessOf(member), "extensions")).toMatchObject({ points: 0, detail: "0 of 1 workspaces submitted" });
    expect((await saveApDraft(runtime, member, COMPLETE_AP_ANSWERS)).status).toBe(200);
    const submitted = await callContract(runtime, submitApAutomationWorkspaceRoute, { as: member });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    expect(factorOf(await readinessOf(member), "extensions")).toMatchObject({ points: 5, detail: "1 of 1 workspaces submitted", action: null });
  });
});
