import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAUNCH_PLAN_MESSAGES, type CourseDetail, type LaunchPlan, type MilestoneHistory, type PlanMilestone } from "#common/contracts/launch-plan";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { completeCourseThroughApi, completeLaunchpad } from "#tests/launch-plan-test-kit";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

// Completing a milestone early only once confirmed, and reopening it with a reason (issue 26), on
// the default curriculum: "Discovery and kick-off" has two courses and opens every plan.

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

async function openPlan() {
  const { organization, member } = await buildMemberOrganization(runtime);
  await completeLaunchpad(runtime, organization.id);
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin", fullName: "Ana Admin" });
  return { organization, member, admin };
}

async function discoveryOf(as: TestUser, org?: string): Promise<PlanMilestone> {
  const response = await call(runtime, "/api/launch-plan", { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  const milestone = ((await response.json()) as LaunchPlan).milestones.find((entry) => entry.title === "Discovery and kick-off");
  if (!milestone) throw new Error("the plan has no Discovery and kick-off");
  return milestone;
}

async function historyOf(milestoneId: string, as: TestUser, org?: string): Promise<MilestoneHistory["entries"]> {
  const response = await call(runtime, `/api/launch-plan/milestones/${milestoneId}/history`, { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as MilestoneHistory).entries;
}

const act = (milestoneId: string, action: string, as: TestUser, options: { org?: string; body?: unknown } = {}) =>
  call(runtime, `/api/launch-plan/milestones/${milestoneId}/${action}`, { method: "POST", as, ...options });

describe("completing a milestone whose courses are not all complete", () => {
  it("asks for the confirmation (409 saying what is left), records the early completion and keeps the percentage at what was done", async () => {
    const { organization, admin } = await openPlan();
    const before = await discoveryOf(admin);
    expect(before.courses).toHaveLength(2);
    expect(before).toMatchObject({ course_tally: { complete: 0, total: 2 }, closed_early: null, has_history: false, can_reopen: false });
    await completeCourseThroughApi(runtime, admin, organization.id, before.courses[0]!.id);
    const halfway = await discoveryOf(admin);
    expect(halfway.course_tally).toEqual({ complete: 1, total: 2 });

    const eventsFrom = await lastEventId(runtime, organization.id);
    const refused = await act(halfway.id, "complete", admin);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: "conflict", message: "1 of 2 courses is not complete", details: { courses_complete: 1, courses_total: 2 } } });
    expect(await historyOf(halfway.id, admin)).toEqual([]);
    expect(await eventTypesAfter(runtime, organization.id, eventsFrom)).toEqual([]);

    const confirmed = await act(halfway.id, "complete-early", admin);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ milestone_id: halfway.id, status: "completed" });
    expect(await eventTypesAfter(runtime, organization.id, eventsFrom)).toEqual(["launchPlanChanged"]);

    const after = await discoveryOf(admin);
    // Still the share of lessons done, not 100 %: the plan says it was closed early instead.
    expect(after).toMatchObject({ status: "completed", percent: halfway.percent, has_history: true, can_complete: false, can_reopen: true });
    expect(after.percent).toBeLessThan(100);
    expect(after.closed_early).toEqual({ at: expect.any(String), by_name: "Ana Admin", course_tally: { complete: 1, total: 2 } });
    const [entry, ...rest] = await historyOf(after.id, admin);
    expect(rest).toEqual([]);
    expect(entry).toEqual({ id: expect.any(String), event: "completed_early", at: after.closed_early?.at, by_name: "Ana Admin", reason: null, course_tally: { complete: 1, total: 2 } });
  });

  it("completes without asking once every course is complete, and says so in the history", async () => {
    const { organization, member } = await openPlan();
    const discovery = await discoveryOf(member);
    for (const course of discovery.courses) await completeCourseThroughApi(runtime, member, organization.id, course.id);
    expect((await discoveryOf(member)).course_tally).toEqual({ complete: 2, total: 2 });
    expect((await act(discovery.id, "complete", member)).status).toBe(200);
    const after = await discoveryOf(member);
    expect(after).toMatchObject({ status: "completed", percent: 100, closed_early: null, can_reopen: false });
    expect((await historyOf(discovery.id, member)).map((entry) => [entry.event, entry.course_tally])).toEqual([["completed", { complete: 2, total: 2 }]]);
  });

  it("still refuses a locked milestone with its lock reason, confirmed or not", async () => {
    const { member } = await openPlan();
    const plan = (await (await call(runtime, "/api/launch-plan", { as: member })).json()) as LaunchPlan;
    const financial = plan.milestones.find((entry) => entry.title === "Financial set-up")!;
    const refused = await act(financial.id, "complete-early", member);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toEqual({ code: "conflict", message: "Complete the following milestones first: Discovery and kick-off" });
  });
});

describe("reopening a milestone", () => {
  it("lets an organization admin reopen it with a reason, keeping the progress and the history; a member user is refused", async () => {
    const { organization, member, admin } = await openPlan();
    const discovery = await discoveryOf(admin);
    await completeCourseThroughApi(runtime, admin, organization.id, discovery.courses[1]!.id);
    expect((await act(discovery.id, "complete-early", member)).status).toBe(200);
    expect((await discoveryOf(member)).can_reopen).toBe(false);

    const refused = await act(discovery.id, "reopen", member, { body: { reason: "Not done yet" } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe(LAUNCH_PLAN_MESSAGES.reopenNotAllowed);

    for (const [reason, message] of [
      ["   ", "Reason is required"],
      ["x".repeat(501), "Reason must be at most 500 characters"],
    ] as const) {
      const invalid = await act(discovery.id, "reopen", admin, { body: { reason } });
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).error).toMatchObject({ code: "validation_failed", details: [{ path: "reason", message }] });
    }

    const course = async () => (await (await call(runtime, `/api/launch-plan/courses/${discovery.courses[1]!.id}`, { as: admin })).json()) as CourseDetail;
    const progressBefore = await course();
    const eventsFrom = await lastEventId(runtime, organization.id);
    const reopened = await act(discovery.id, "reopen", admin, { body: { reason: "  The go-live checklist was skipped.\nRedo it.  " } });
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toEqual({ milestone_id: discovery.id, status: "in_progress", completed_at: null });
    expect(await eventTypesAfter(runtime, organization.id, eventsFrom)).toEqual(["launchPlanChanged"]);
    expect(await discoveryOf(admin)).toMatchObject({ status: "in_progress", closed_early: null, can_complete: true, can_reopen: false, has_history: true });
    expect(await course()).toEqual(progressBefore);

    // Twice: nothing changes, nothing is kept or announced.
    expect(await (await act(discovery.id, "reopen", admin, { body: { reason: "Again" } })).json()).toMatchObject({ status: "in_progress" });
    expect(await eventTypesAfter(runtime, organization.id, eventsFrom)).toHaveLength(1);
    const history = await historyOf(discovery.id, member);
    expect(history.map((entry) => [entry.event, entry.by_name, entry.reason])).toEqual([
      ["reopened", "Ana Admin", "The go-live checklist was skipped.\nRedo it."],
      ["completed_early", member.email, null],
    ]);
  });

  it("lets an employee reopen it for the organization; unknown and malformed milestones are not found", async () => {
    const { organization } = await openPlan();
    const discovery = await discoveryOf(employee, organization.id);
    expect((await act(discovery.id, "complete-early", employee, { org: organization.id })).status).toBe(200);
    expect((await discoveryOf(employee, organization.id)).can_reopen).toBe(true);
    const reopened = await act(discovery.id, "reopen", employee, { org: organization.id, body: { reason: "Completed by mistake" } });
    expect(reopened.status).toBe(200);
    expect((await historyOf(discovery.id, employee, organization.id))[0]).toMatchObject({ event: "reopened", reason: "Completed by mistake" });

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const unknown = await act(id, "reopen", employee, { org: organization.id, body: { reason: "Why" } });
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error.message).toBe(LAUNCH_PLAN_MESSAGES.milestoneNotFound);
      expect((await call(runtime, `/api/launch-plan/milestones/${id}/history`, { as: employee, org: organization.id })).status).toBe(404);
    }
  });
});
