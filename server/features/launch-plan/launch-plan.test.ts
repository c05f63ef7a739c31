import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAUNCH_PLAN_MESSAGES, type CourseDetail, type LaunchPlan } from "#common/contracts/launch-plan";
import { configurationResponses, userCourseProgress } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { completeLaunchpad } from "#tests/launch-plan-test-kit";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { createEstimateOk, estimateAction } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

// The launch plan read and written through the API, on the default curriculum (shared by every
// test file on PostgreSQL, so nothing here changes it). Each test builds its own organization.

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
  return { organization, member };
}

async function readPlan(as: TestUser, org?: string): Promise<LaunchPlan> {
  const response = await call(runtime, "/api/launch-plan", { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

function milestoneNamed(plan: LaunchPlan, title: string) {
  const milestone = [...plan.milestones, ...plan.other_milestones].find((entry) => entry.title === title);
  if (!milestone) throw new Error(`no milestone "${title}" in ${plan.milestones.map((entry) => entry.title).join(", ")}`);
  return milestone;
}

const titles = (plan: LaunchPlan) => plan.milestones.map((entry) => entry.title);
const post = (path: string, as: TestUser, org?: string) => call(runtime, path, { method: "POST", as, org });

describe("the plan's scope", () => {
  it("holds the milestones every plan has until an estimate or business aspects name modules", async () => {
    const { member } = await openPlan();
    const plan = await readPlan(member);
    expect(plan.scope).toEqual({ source: "none", modules: [] });
    expect(titles(plan)).toEqual(expect.arrayContaining(["Discovery and kick-off", "Financial set-up", "Go-live"]));
    expect(titles(plan)).not.toContain("Manufacturing");
    expect(milestoneNamed(plan, "Discovery and kick-off").reason).toBe("Part of every launch plan");
    expect(plan.other_milestones).toEqual([]);
    expect(plan.can_override).toBe(false);
    // Position order, as the curriculum lists them.
    expect(titles(plan).indexOf("Discovery and kick-off")).toBeLessThan(titles(plan).indexOf("Go-live"));
  });

  it("follows the primary estimate, then the locked one, with the reason in words", async () => {
    const { organization, member } = await openPlan();
    await createEstimateOk(runtime, member, { name: "Financials only", edition_id: "FE", lines: [] });
    const before = await readPlan(member);
    expect(before.scope.source).toBe("estimate");
    expect(titles(before)).not.toContain("Manufacturing");

    const manufacturing = await createEstimateOk(runtime, employee, { name: "With manufacturing", edition_id: "EE", lines: [] }, organization.id);
    expect((await estimateAction(runtime, employee, manufacturing.id, "primary", organization.id)).status).toBe(200);
    expect((await estimateAction(runtime, employee, manufacturing.id, "lock", organization.id)).status).toBe(200);
    const after = await readPlan(member);
    expect(after.scope.source).toBe("locked_estimate");
    expect(milestoneNamed(after, "Manufacturing").reason).toBe("Included because your locked estimate has Manufacturing");
    expect(milestoneNamed(after, "Manufacturing").prerequisites.map((entry) => entry.title)).toEqual(["Financial set-up"]);
  });

  it("lets an employee add or remove a milestone by hand, over the rule; members cannot", async () => {
    const { organization, member } = await openPlan();
    const forEmployee = await readPlan(employee, organization.id);
    expect(forEmployee.can_override).toBe(true);
    const manufacturing = milestoneNamed(forEmployee, "Manufacturing");
    expect(forEmployee.other_milestones.map((entry) => entry.id)).toContain(manufacturing.id);
    expect(manufacturing.reason).toBe("Not in your plan: no estimate or business aspects name Manufacturing");

    const override = (milestoneId: string, value: unknown, as = employee) =>
      call(runtime, `/api/launch-plan/milestones/${milestoneId}/override`, { method: "PUT", as, org: organization.id, body: { override: value } });
    expect((await override(manufacturing.id, "include", member)).status).toBe(403);
    expect((await override(manufacturing.id, "include")).status).toBe(200);
    const discovery = milestoneNamed(forEmployee, "Discovery and kick-off");
    expect((await override(discovery.id, "exclude")).status).toBe(200);

    const plan = await readPlan(member);
    expect(milestoneNamed(plan, "Manufacturing").reason).toBe("Added to your plan by the provider's team");
    expect(titles(plan)).not.toContain("Discovery and kick-off");
    // A prerequisite outside the plan can never be completed, so it does not lock.
    expect(milestoneNamed(plan, "Financial set-up").lock).toEqual({ locked: false, reason: null });

    expect((await override(discovery.id, null)).status).toBe(200);
    expect(titles(await readPlan(member))).toContain("Discovery and kick-off");
  });
});

describe("milestone status", () => {
  it("refuses a locked milestone with the reason (409), completes it once its prerequisite is done, and tells the other tabs", async () => {
    const { organization, member } = await openPlan();
    const plan = await readPlan(member);
    const discovery = milestoneNamed(plan, "Discovery and kick-off");
    const financial = milestoneNamed(plan, "Financial set-up");
    const reason = "Complete the following milestones first: Discovery and kick-off";
    expect(financial.lock).toEqual({ locked: true, reason });
    expect(financial).toMatchObject({ can_start: false, can_complete: false });
    expect(milestoneNamed(plan, "User acceptance testing").lock.reason).toBe("Complete the following milestones first: Configuration, Data migration, Training");

    for (const action of ["start", "complete", "complete-early"]) {
      const refused = await post(`/api/launch-plan/milestones/${financial.id}/${action}`, member);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: { code: "conflict", message: reason } });
    }

    const eventsFrom = await lastEventId(runtime, organization.id);
    const started = await post(`/api/launch-plan/milestones/${discovery.id}/start`, member);
    expect(await started.json()).toEqual({ milestone_id: discovery.id, status: "in_progress", completed_at: null });
    // None of its courses is done: completing it needs the confirmation (milestone-completion.test.ts).
    const completed = await post(`/api/launch-plan/milestones/${discovery.id}/complete-early`, member);
    const body = await completed.json();
    expect(body).toMatchObject({ milestone_id: discovery.id, status: "completed" });
    expect(Date.parse(body.completed_at)).not.toBeNaN();
    expect(await eventTypesAfter(runtime, organization.id, eventsFrom)).toEqual(["launchPlanChanged", "launchPlanChanged"]);
    // Again: nothing changes, nothing is announced.
    expect((await (await post(`/api/launch-plan/milestones/${discovery.id}/complete`, member)).json()).status).toBe("completed");
    expect(await eventTypesAfter(runtime, organization.id, eventsFrom)).toHaveLength(2);

    const after = await readPlan(member);
    expect(milestoneNamed(after, "Financial set-up")).toMatchObject({ lock: { locked: false, reason: null }, can_start: true, can_complete: true });
  });

  it("answers 404 for an unknown or malformed milestone and 403 with the reason while the launchpad is incomplete", async () => {
    const { member } = await openPlan();
    const unknown = await post("/api/launch-plan/milestones/00000000-0000-4000-8000-000000000000/complete", member);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe(LAUNCH_PLAN_MESSAGES.milestoneNotFound);
    expect((await post("/api/launch-plan/milestones/not-an-id/start", member)).status).toBe(404);

    const fresh = await buildMemberOrganization(runtime);
    const refused = await call(runtime, "/api/launch-plan", { as: fresh.member });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe("Complete the launchpad to gain access to Launch Plan!");
  });
});

describe("progress", () => {
  async function readCourse(as: TestUser, courseId: string): Promise<CourseDetail> {
    const response = await call(runtime, `/api/launch-plan/courses/${courseId}`, { as });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }
  const setTopic = (as: TestUser, topicId: string, status: string) =>
    call(runtime, `/api/launch-plan/topics/${topicId}/progress`, { method: "PUT", as, body: { status } });

  it("completes lessons and courses per person, keeps complete over a revisit, and records the course's status", async () => {
    const { organization, member } = await openPlan();
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    const course = milestoneNamed(await readPlan(member), "Discovery and kick-off").courses[0]!;
    const detail = await readCourse(member, course.id);
    expect(detail).toMatchObject({ percent: 0, status: "not_started", has_sidebar: false });
    const [first, second] = detail.lessons;
    expect(first?.label).toBe(`0/${first?.topics.length} topics complete`);

    for (const topic of first!.topics) expect((await setTopic(member, topic.id, "complete")).status).toBe(200);
    expect(await (await setTopic(member, first!.topics[0]!.id, "in_progress")).json()).toEqual({ topic_id: first!.topics[0]!.id, status: "complete" });
    await setTopic(member, second!.topics[0]!.id, "in_progress");

    const after = await readCourse(member, course.id);
    expect(after.lessons[0]).toMatchObject({ is_complete: true, label: `${first!.topics.length}/${first!.topics.length} topics complete` });
    expect(after.lessons[1]).toMatchObject({ is_complete: false, has_progress: true });
    expect(after).toMatchObject({ percent: Math.round(100 / detail.lessons.length), status: "in_progress" });
    expect(after.lessons[1]?.topics[0]?.status).toBe("in_progress");
    const stored = await runtime.database.db
      .select()
      .from(userCourseProgress)
      .where(and(eq(userCourseProgress.organizationId, organization.id), eq(userCourseProgress.courseId, course.id)));
    expect(stored.map((row) => [row.profileId, row.completionStatus])).toEqual([[member.id, "in_progress"]]);
    // Progress is per person: a colleague starts from nothing.
    expect((await readCourse(colleague, course.id)).percent).toBe(0);
    expect(milestoneNamed(await readPlan(member), "Discovery and kick-off").courses[0]?.percent).toBe(after.percent);
  });

  it("shows employees each member's progress, overall and by milestone; members cannot read it", async () => {
    const { organization, member } = await openPlan();
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    const plan = await readPlan(member);
    const discovery = milestoneNamed(plan, "Discovery and kick-off");
    const lesson = (await readCourse(member, discovery.courses[0]!.id)).lessons[0]!;
    for (const topic of lesson.topics) await setTopic(member, topic.id, "complete");

    expect((await call(runtime, "/api/launch-plan/team", { as: member })).status).toBe(403);
    const response = await call(runtime, "/api/launch-plan/team", { as: employee, org: organization.id });
    expect(response.status).toBe(200);
    const { members } = await response.json();
    const total = plan.milestones.reduce((sum, entry) => sum + entry.courses.reduce((lessons, course) => lessons + course.total_lessons, 0), 0);
    const mine = members.find((entry: { profile_id: string }) => entry.profile_id === member.id);
    expect(mine).toMatchObject({ completed_lessons: 1, total_lessons: total, percent: Math.round(100 / total) });
    expect(mine.milestones[0]).toEqual({ milestone_id: discovery.id, title: "Discovery and kick-off", percent: Math.round(100 / (discovery.courses[0]!.total_lessons + discovery.courses[1]!.total_lessons)) });
    expect(members.find((entry: { profile_id: string }) => entry.profile_id === colleague.id)).toMatchObject({ completed_lessons: 0, percent: 0 });
    expect(members.map((entry: { profile_id: string }) => entry.profile_id)).not.toContain(employee.id);
  });

  it("completes a survey only once its questions are answered (409 before)", async () => {
    const { organization, member } = await openPlan();
    const plan = await readPlan(member);
    const courseId = milestoneNamed(plan, "Discovery and kick-off").courses[1]!.id;
    const survey = (await readCourse(member, courseId)).lessons.flatMap((lesson) => lesson.topics).find((topic) => topic.type === "survey");
    if (!survey) throw new Error("the kick-off course has no survey");
    const refused = await setTopic(member, survey.id, "complete");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(LAUNCH_PLAN_MESSAGES.surveyUnanswered);

    const topic = await (await call(runtime, `/api/launch-plan/topics/${survey.id}`, { as: member })).json();
    expect(topic.questions.length).toBeGreaterThan(0);
    await runtime.database.db
      .insert(configurationResponses)
      .values(topic.questions.map((question: { key: string }) => ({ organizationId: organization.id, questionId: question.key, responseValue: "An answer" })));
    expect((await setTopic(member, survey.id, "complete")).status).toBe(200);
    const answered = await (await call(runtime, `/api/launch-plan/topics/${survey.id}`, { as: member })).json();
    expect(answered).toMatchObject({ status: "complete", type: "survey" });
    expect(answered.questions.every((question: { answer: unknown }) => question.answer === "An answer")).toBe(true);
  });

  it("reads the plan and a course in the same number of statements whatever their size", async () => {
    const { member } = await openPlan();
    const plan = await readPlan(member);
    const small = plan.milestones.flatMap((entry) => entry.courses).sort((a, b) => a.total_lessons - b.total_lessons)[0]!;
    const large = plan.milestones.flatMap((entry) => entry.courses).sort((a, b) => b.total_lessons - a.total_lessons)[0]!;
    expect(large.total_lessons).toBeGreaterThan(small.total_lessons);
    const { vi } = await import("vitest");
    const select = vi.spyOn(runtime.database.db, "select");
    const count = async (read: () => Promise<unknown>) => {
      select.mockClear();
      await read();
      return select.mock.calls.length;
    };
    try {
      // Counted with the route guard's own reads (the session and the access facts).
      expect(await count(() => readCourse(member, small.id))).toBe(await count(() => readCourse(member, large.id)));
      expect(await count(() => readCourse(member, large.id))).toBeLessThanOrEqual(8);
      expect(await count(() => readPlan(member))).toBeLessThanOrEqual(6);
    } finally {
      select.mockRestore();
    }
  });

  it("answers the §8 texts for unknown courses, lessons and topics", async () => {
    const { member } = await openPlan();
    for (const [path, message] of [
      ["courses", LAUNCH_PLAN_MESSAGES.courseNotFound],
      ["lessons", LAUNCH_PLAN_MESSAGES.lessonNotFound],
      ["topics", LAUNCH_PLAN_MESSAGES.topicNotFound],
    ] as const) {
      for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
        const response = await call(runtime, `/api/launch-plan/${path}/${id}`, { as: member });
        expect(response.status).toBe(404);
        expect((await response.json()).error.message).toBe(message);
      }
    }
  });
});
