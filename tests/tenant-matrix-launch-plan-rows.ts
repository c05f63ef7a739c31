import { expect } from "vitest";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import type { Runtime } from "#server/runtime";
import { call } from "#tests/factories";
import { completeCourseThroughApi, completeLaunchpad } from "#tests/launch-plan-test-kit";
import { fixture } from "#tests/tenant-matrix-fixture";
import type { Expected, MatrixEntry, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the launch plan and the employees' curriculum routes, merged into the
 * matrix by tests/tenant-matrix-rows.ts.
 * A's launchpad is complete (the Launch Plan opens at 100 %); B's is not, but B is refused as an
 * outsider (404) before any rule is read.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const EMPLOYEE: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };
const EMPLOYEE_ORGANIZATION: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };

export function launchPlanMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  /** Opens A's Launch Plan and keeps the ids of its first milestone, course, lesson and topic. */
  async function openPlanOfA(world: World): Promise<void> {
    await completeLaunchpad(runtime(), world.orgA.id);
    const response = await call(runtime(), "/api/launch-plan", { as: world.memberA });
    expect(response.status).toBe(200);
    const plan = (await response.json()) as LaunchPlan;
    const first = plan.milestones[0];
    const course = first?.courses[0];
    if (!first || !course) throw new Error("the default plan has no first milestone with a course");
    world.fixtures.milestoneId = first.id;
    world.fixtures.courseId = course.id;
    world.fixtures.milestoneCourseIds = first.courses.map((entry) => entry.id).join(",");
    const detail = (await (await call(runtime(), `/api/launch-plan/courses/${course.id}`, { as: world.memberA })).json()) as {
      lessons: { id: string; topics: { id: string; type: string }[] }[];
    };
    const lesson = detail.lessons.find((entry) => entry.topics.some((topic) => topic.type !== "survey"));
    const topic = lesson?.topics.find((entry) => entry.type !== "survey");
    if (!lesson || !topic) throw new Error("the first course has no lesson with a reading or activity topic");
    world.fixtures.lessonId = lesson.id;
    world.fixtures.topicId = topic.id;
  }

  /** Member A completes every course of the first milestone, so completing it needs no confirmation. */
  async function finishCoursesOfA(world: World): Promise<void> {
    await openPlanOfA(world);
    for (const courseId of fixture(world, "milestoneCourseIds").split(",")) await completeCourseThroughApi(runtime(), world.memberA, world.orgA.id, courseId);
  }

  /** Member A closes the first milestone early: a completed milestone with a history. */
  async function closeFirstMilestoneOfA(world: World): Promise<void> {
    await openPlanOfA(world);
    const path = `/api/launch-plan/milestones/${fixture(world, "milestoneId")}/complete-early`;
    expect((await call(runtime(), path, { method: "POST", as: world.memberA })).status).toBe(200);
  }

  const milestonePath = (world: World, action: string) => `/api/launch-plan/milestones/${fixture(world, "milestoneId")}/${action}`;

  const get = (path: (world: World) => string) => (_caller: unknown, world: World) => ({ method: "GET" as const, path: path(world) });

  /** The curriculum as exported now: importing it back changes nothing other tests read. */
  async function exportCurriculum(world: World): Promise<void> {
    const response = await call(runtime(), "/api/curriculum/export", { as: world.employee });
    expect(response.status).toBe(200);
    world.fixtures.curriculumZip = Buffer.from(await response.arrayBuffer()).toString("base64");
  }

  return {
    getCurriculum: {
      call: get(() => "/api/curriculum"),
      expect: EMPLOYEE,
      check: (_caller, body) => expect((body as { counts: { milestones: number } }).counts.milestones).toBeGreaterThan(0),
    },
    exportCurriculum: { call: get(() => "/api/curriculum/export"), expect: EMPLOYEE },
    importCurriculum: {
      setup: exportCurriculum,
      call: (_caller, world) => ({
        method: "POST",
        path: "/api/curriculum/import",
        raw: { contentType: "application/zip", bytes: Buffer.from(fixture(world, "curriculumZip"), "base64") },
      }),
      expect: EMPLOYEE,
      check: (_caller, body) => expect(body).toMatchObject({ removed: 0, changed: false }),
    },
    getLaunchPlan: {
      setup: openPlanOfA,
      call: get(() => "/api/launch-plan"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect((body as LaunchPlan).milestones[0]?.id).toBe(fixture(world, "milestoneId")),
    },
    getLaunchPlanTeamProgress: {
      setup: openPlanOfA,
      call: get(() => "/api/launch-plan/team"),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body, world) =>
        expect((body as { members: { profile_id: string }[] }).members.map((member) => member.profile_id)).toEqual([world.memberA.id]),
    },
    getLaunchPlanCourse: {
      setup: openPlanOfA,
      call: get((world) => `/api/launch-plan/courses/${fixture(world, "courseId")}`),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "courseId") }),
    },
    getLaunchPlanLesson: {
      setup: openPlanOfA,
      call: get((world) => `/api/launch-plan/lessons/${fixture(world, "lessonId")}`),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "lessonId") }),
    },
    getLaunchPlanTopic: {
      setup: openPlanOfA,
      call: get((world) => `/api/launch-plan/topics/${fixture(world, "topicId")}`),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "topicId") }),
    },
    setTopicProgress: {
      setup: openPlanOfA,
      call: (_caller, world) => ({ method: "PUT", path: `/api/launch-plan/topics/${fixture(world, "topicId")}/progress`, body: { status: "complete" } }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toEqual({ topic_id: fixture(world, "topicId"), status: "complete" }),
    },
    startMilestone: {
      setup: openPlanOfA,
      call: (_caller, world) => ({ method: "POST", path: `/api/launch-plan/milestones/${fixture(world, "milestoneId")}/start` }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ milestone_id: fixture(world, "milestoneId"), status: "in_progress" }),
    },
    completeMilestone: {
      // Member A completes it; the employee's call then finds it completed (nothing to do, 200).
      setup: finishCoursesOfA,
      call: (_caller, world) => ({ method: "POST", path: milestonePath(world, "complete") }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ milestone_id: fixture(world, "milestoneId"), status: "completed" }),
    },
    completeMilestoneEarly: {
      setup: openPlanOfA,
      call: (_caller, world) => ({ method: "POST", path: milestonePath(world, "complete-early") }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ milestone_id: fixture(world, "milestoneId"), status: "completed" }),
    },
    reopenMilestone: {
      setup: closeFirstMilestoneOfA,
      call: (_caller, world) => ({ method: "POST", path: milestonePath(world, "reopen"), body: { reason: `Reopened by the matrix ${world.tag}` } }),
      // Member A is a member_user: only organization admins and employees reopen.
      expect: { ...ORGANIZATION, memberA: 403 },
      check: (_caller, body, world) => expect(body).toEqual({ milestone_id: fixture(world, "milestoneId"), status: "in_progress", completed_at: null }),
    },
    getMilestoneHistory: {
      setup: closeFirstMilestoneOfA,
      call: (_caller, world) => ({ method: "GET", path: milestonePath(world, "history") }),
      expect: ORGANIZATION,
      check: (_caller, body) =>
        expect((body as { entries: { event: string }[] }).entries.map((entry) => entry.event)).toEqual(["completed_early"]),
    },
    overrideMilestone: {
      setup: openPlanOfA,
      call: (_caller, world) => ({ method: "PUT", path: `/api/launch-plan/milestones/${fixture(world, "milestoneId")}/override`, body: { override: "include" } }),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ milestone_id: fixture(world, "milestoneId") }),
    },
  };
}
