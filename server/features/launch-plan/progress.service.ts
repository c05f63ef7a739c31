import type { Logger } from "pino";
import { LAUNCH_PLAN_MESSAGES } from "#common/contracts/launch-plan";
import { type MilestoneAction, type MilestoneStatus, type TopicStatus, nextMilestoneStatus, summarizeCourse } from "#common/domain/launch-plan";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { selectTopicQuestions } from "./answered-questions.queries.ts";
import { selectTopicWithStatus } from "./learning-content.queries.ts";
import {
  selectCourseIdsOfTopic,
  selectLessonCounts,
  selectPlanMilestoneRows,
  upsertCourseProgress,
  upsertMilestoneOverride,
  upsertMilestoneStatus,
  upsertTopicProgress,
} from "./launch-plan.queries.ts";
import { loadPlanScope } from "./launch-plan.service.ts";
import { decideMilestones, summarizeLessonCounts } from "./plan-model.ts";

interface MilestoneStatusAnswer {
  milestone_id: string;
  status: MilestoneStatus;
  completed_at: string | null;
}

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

/**
 * Starts or completes a milestone of the plan. A locked one is refused with its reason (409,
 * §5); one outside the plan is not found. Doing it twice changes nothing.
 */
export async function changeMilestoneStatus(db: Database, organizationId: string, milestoneId: string, action: MilestoneAction, logger: Logger): Promise<MilestoneStatusAnswer> {
  return db.transaction(async (tx) => {
    const [scope, rows] = await Promise.all([loadPlanScope(tx, organizationId), selectPlanMilestoneRows(tx, organizationId)]);
    const milestone = rows.find((row) => row.id === milestoneId);
    const { inclusion, locks } = decideMilestones(rows, scope);
    if (!milestone || !inclusion.get(milestoneId)?.included) throw new AppError("not_found", LAUNCH_PLAN_MESSAGES.milestoneNotFound);
    const lock = locks.get(milestoneId);
    if (lock?.locked) throw new AppError("conflict", lock.reason);
    const next = nextMilestoneStatus(milestone.status, action);
    if (!next) return { milestone_id: milestoneId, status: milestone.status, completed_at: milestone.completedAt?.toISOString() ?? null };
    const stored = await upsertMilestoneStatus(tx, organizationId, milestoneId, next, new Date());
    await publishEvent(tx, organizationId, { type: "launchPlanChanged", organizationId });
    logger.info({ organizationId, milestoneId, status: next }, "milestone status changed");
    return { milestone_id: milestoneId, status: stored.status, completed_at: stored.completedAt?.toISOString() ?? null };
  });
}

/** An employee adds a milestone to one organization's plan or removes it; null follows the rule again. */
export async function overrideMilestone(db: Database, organizationId: string, caller: Caller, milestoneId: string, override: "include" | "exclude" | null): Promise<MilestoneStatusAnswer> {
  return db.transaction(async (tx) => {
    const rows = await selectPlanMilestoneRows(tx, organizationId);
    if (!rows.some((row) => row.id === milestoneId)) throw new AppError("not_found", LAUNCH_PLAN_MESSAGES.milestoneNotFound);
    const stored = await upsertMilestoneOverride(tx, organizationId, milestoneId, override, caller.userId, new Date());
    await publishEvent(tx, organizationId, { type: "launchPlanChanged", organizationId });
    return { milestone_id: milestoneId, status: stored.status, completed_at: stored.completedAt?.toISOString() ?? null };
  });
}
