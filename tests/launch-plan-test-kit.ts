import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CourseDetail, LessonDetail, TopicDetail } from "#common/contracts/launch-plan";
import { LAUNCHPAD_PAGE_IDS } from "#common/domain/launchpad";
import { configurationResponses, launchpadProgress, milestones } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, call } from "#tests/factories";

/** Marks every launchpad page complete, which opens the Launch Plan (its item needs 100 %). */
export async function completeLaunchpad(runtime: Runtime, organizationId: string): Promise<void> {
  const completedAt = new Date();
  await runtime.database.db
    .insert(launchpadProgress)
    .values(LAUNCHPAD_PAGE_IDS.map((pageId) => ({ organizationId, pageId, isCompleted: true, completedAt })))
    .onConflictDoNothing();
}

/** The id of a default-curriculum milestone by its key. */
export async function milestoneIdOf(runtime: Runtime, key: string): Promise<string> {
  const [row] = await runtime.database.db.select({ id: milestones.id }).from(milestones).where(eq(milestones.key, key));
  if (!row) throw new Error(`no milestone with the key ${key}`);
  return row.id;
}

async function answerQuestions(runtime: Runtime, organizationId: string, questions: readonly { key: string; answer: unknown }[]): Promise<void> {
  const unanswered = questions.filter((question) => question.answer === null);
  if (unanswered.length === 0) return;
  await runtime.database.db
    .insert(configurationResponses)
    .values(unanswered.map((question) => ({ organizationId, questionId: question.key, responseValue: "An answer" })));
}

/**
 * Completes a course as `as` through the API: every topic, and the questions of a lesson without
 * topics; a survey's questions are answered for the organization first (it completes only once answered).
 */
export async function completeCourseThroughApi(runtime: Runtime, as: TestUser, organizationId: string, courseId: string): Promise<void> {
  const read = async <T>(path: string) => (await (await call(runtime, path, { as })).json()) as T;
  const course = await read<CourseDetail>(`/api/launch-plan/courses/${courseId}`);
  for (const lesson of course.lessons) {
    if (lesson.topics.length === 0) await answerQuestions(runtime, organizationId, (await read<LessonDetail>(`/api/launch-plan/lessons/${lesson.id}`)).questions);
    for (const topic of lesson.topics) {
      if (topic.type === "survey") await answerQuestions(runtime, organizationId, (await read<TopicDetail>(`/api/launch-plan/topics/${topic.id}`)).questions);
      const response = await call(runtime, `/api/launch-plan/topics/${topic.id}/progress`, { method: "PUT", as, body: { status: "complete" } });
      expect(response.status, await response.clone().text()).toBe(200);
    }
  }
  expect((await read<CourseDetail>(`/api/launch-plan/courses/${courseId}`)).status).toBe("complete");
}
