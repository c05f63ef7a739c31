import { LAUNCH_PLAN_MESSAGES } from "#common/contracts/launch-plan";
import { type TopicStatus, summarizeCourse } from "#common/domain/launch-plan";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { selectTopicQuestions } from "./answered-questions.queries.ts";
import { selectTopicWithStatus } from "./learning-content.queries.ts";
import { selectCourseIdsOfTopic, selectLessonCounts, upsertCourseProgress, upsertTopicProgress } from "./launch-plan.queries.ts";
import { summarizeLessonCounts } from "./plan-model.ts";

/**
 * Records the caller's progress on a topic and the status of every course holding it
 * (user_course_progress), then tells the organization's open tabs. A survey completes only once
 * its questions are answered.
 */
export async function recordTopicProgress(db: Database, organizationId: string, caller: Caller, topicId: string, status: TopicStatus) {
  const topic = await selectTopicWithStatus(db, organizationId, caller.userId, topicId);
  if (!topic) throw new AppError("not_found", LAUNCH_PLAN_MESSAGES.topicNotFound);
  if (topic.type === "survey" && status === "complete") {
    const questions = await selectTopicQuestions(db, organizationId, topicId);
    if (questions.some((question) => question.answer === null)) throw new AppError("conflict", LAUNCH_PLAN_MESSAGES.surveyUnanswered);
  }
  return db.transaction(async (tx) => {
    const now = new Date();
    const stored = await upsertTopicProgress(tx, organizationId, caller.userId, topicId, status, now);
    const courseIds = await selectCourseIdsOfTopic(tx, topicId);
    if (courseIds.length > 0) {
      const counts = await selectLessonCounts(tx, organizationId, caller.userId, courseIds);
      const statuses = courseIds.map((courseId) => ({
        courseId,
        status: summarizeCourse(counts.filter((row) => row.courseId === courseId).map(summarizeLessonCounts)).status,
      }));
      await upsertCourseProgress(tx, organizationId, caller.userId, statuses, now);
    }
    await publishEvent(tx, organizationId, { type: "launchPlanChanged", organizationId });
    return { topic_id: topicId, status: stored };
  });
}
