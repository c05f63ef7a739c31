import {
  LAUNCH_PLAN_MESSAGES,
  type CourseDetail,
  type LaunchPlan,
  type LessonDetail,
  type PlanQuestion,
  type TeamProgress,
  type TopicDetail,
  type TopicType,
} from "#common/contracts/launch-plan";
import { presentAnsweredIn } from "#common/contracts/answered-in";
import { decidePlanInclusion, summarizeCourse, summarizeLesson } from "#common/domain/launch-plan";
import { resolvePlanScope } from "#common/domain/launch-plan-scope";
import { canReopenMilestone } from "#common/domain/milestone-completion";
import type { PlanScope } from "#common/domain/launch-plan";
import type { Queryable } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import type { Storage } from "#server/storage/storage";
import { selectPlanScopeFacts } from "#server/queries/launch-plan-scope.queries";
import { type QuestionWithAnswerRow, selectLessonQuestions, selectTopicQuestions } from "./answered-questions.queries.ts";
import { selectCourseIdsOfLesson, selectLesson, selectLessonTopics, selectTopicPlacements, selectTopicVideoKey, selectTopicWithStatus } from "./learning-content.queries.ts";
import {
  selectCourse,
  selectCourseOutline,
  selectLessonCounts,
  selectMemberLessonCounts,
  selectMilestoneCourseRows,
  selectOrganizationMembers,
  selectPlanMilestoneRows,
} from "./launch-plan.queries.ts";
import { decideMilestones, presentLaunchPlan, presentTeamProgress, summarizeLessonCounts } from "./plan-model.ts";

export async function loadPlanScope(db: Queryable, organizationId: string): Promise<PlanScope> {
  return resolvePlanScope(await selectPlanScopeFacts(db, organizationId));
}

/** GET /api/launch-plan: four statements for any curriculum size; per lesson, only what was started. */
export async function getLaunchPlan(db: Queryable, organizationId: string, caller: Caller): Promise<LaunchPlan> {
  const [scope, milestoneRows, courseRows, lessonCounts] = await Promise.all([
    loadPlanScope(db, organizationId),
    selectPlanMilestoneRows(db, organizationId),
    selectMilestoneCourseRows(db),
    selectLessonCounts(db, organizationId, caller.userId, undefined, { onlyWithProgress: true }),
  ]);
  return presentLaunchPlan({ scope, milestoneRows, courseRows, lessonCounts, isEmployee: caller.isEmployee, mayReopen: canReopenMilestone(caller) });
}

/** GET /api/launch-plan/team: every member's progress in five statements. */
export async function getTeamProgress(db: Queryable, organizationId: string): Promise<TeamProgress> {
  const [scope, milestoneRows, courseRows, members, memberCounts] = await Promise.all([
    loadPlanScope(db, organizationId),
    selectPlanMilestoneRows(db, organizationId),
    selectMilestoneCourseRows(db),
    selectOrganizationMembers(db, organizationId),
    selectMemberLessonCounts(db, organizationId),
  ]);
  return presentTeamProgress({ scope, milestoneRows, courseRows, members, memberCounts });
}

export async function getCourseDetail(db: Queryable, organizationId: string, caller: Caller, courseId: string): Promise<CourseDetail> {
  const course = await selectCourse(db, courseId);
  if (!course) throw new AppError("not_found", LAUNCH_PLAN_MESSAGES.courseNotFound);
  const [scope, milestoneRows, holders, outline, counts] = await Promise.all([
    loadPlanScope(db, organizationId),
    selectPlanMilestoneRows(db, organizationId),
    selectMilestoneCourseRows(db, courseId),
    selectCourseOutline(db, organizationId, caller.userId, courseId),
    selectLessonCounts(db, organizationId, caller.userId, [courseId]),
  ]);
  const { inclusion, locks } = decideMilestones(milestoneRows, scope);
  const holdingIds = new Set(holders.filter((row) => row.courseId === courseId).map((row) => row.milestoneId));
  const milestones = milestoneRows
    .filter((row) => holdingIds.has(row.id) && inclusion.get(row.id)?.included)
    .map((row) => {
      const lock = locks.get(row.id);
      return { id: row.id, title: row.title, lock: lock?.locked ? { locked: true, reason: lock.reason } : { locked: false, reason: null } };
    });
  const courseDecision = decidePlanInclusion({ modules: course.modules, scope, override: null });
  const countsByLesson = new Map(counts.map((row) => [row.lessonId, row]));
  const lessons: CourseDetail["lessons"] = [];
  for (const row of outline) {
    let lesson = lessons.at(-1);
    if (lesson?.id !== row.lessonId) {
      const countRow = countsByLesson.get(row.lessonId);
      const summary = countRow ? summarizeLessonCounts(countRow) : summarizeLesson({ topicStatuses: [], questionsAnswered: [] });
      lesson = {
        id: row.lessonId,
        title: row.lessonTitle,
        description: row.lessonDescription,
        topics: [],
        total_questions: summary.totalQuestions,
        answered_questions: summary.answeredQuestions,
        label: summary.label,
        is_complete: summary.isComplete,
        has_progress: summary.hasProgress,
      };
      lessons.push(lesson);
    }
    if (row.topicId) {
      lesson.topics.push({ id: row.topicId, title: row.topicTitle ?? "", type: row.topicType as TopicType, status: row.topicStatus, duration_minutes: row.topicDuration });
    }
  }
  const summary = summarizeCourse(counts.map(summarizeLessonCounts));
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    has_sidebar: course.hasSidebar,
    percent: summary.percent,
    status: summary.status,
    lessons,
    milestones,
    in_plan: milestones.length > 0 && courseDecision.included,
    reason: courseDecision.reason,
  };
}

function presentQuestion(row: QuestionWithAnswerRow): PlanQuestion {
  const answeredIn = presentAnsweredIn(row.key);
  return {
    key: row.key,
    prompt: row.prompt,
    help: row.help,
    kind: row.kind as PlanQuestion["kind"],
    options: row.options,
    required: row.required,
    module: row.module,
    answer: row.answer ?? null,
    read_only: row.readOnly || answeredIn !== null,
    answered_in: answeredIn,
  };
}

export async function getLessonDetail(db: Queryable, organizationId: string, caller: Caller, lessonId: string): Promise<LessonDetail> {
  const lesson = await selectLesson(db, lessonId);
  if (!lesson) throw new AppError("not_found", LAUNCH_PLAN_MESSAGES.lessonNotFound);
  const [topicRows, questions, courseIds] = await Promise.all([
    selectLessonTopics(db, organizationId, caller.userId, lessonId),
    selectLessonQuestions(db, organizationId, lessonId),
    selectCourseIdsOfLesson(db, lessonId),
  ]);
  return {
    ...lesson,
    topics: topicRows.map((row) => ({ id: row.id, title: row.title, type: row.type as TopicType, status: row.status, duration_minutes: row.durationMinutes })),
    questions: questions.map(presentQuestion),
    course_ids: courseIds,
  };
}

/** `storage` signs the link to the topic's video file, when the curriculum brought one (decision 036). */
export async function getTopicDetail(db: Queryable, organizationId: string, caller: Caller, topicId: string, storage: Storage): Promise<TopicDetail> {
  const topic = await selectTopicWithStatus(db, organizationId, caller.userId, topicId);
  if (!topic) throw new AppError("not_found", LAUNCH_PLAN_MESSAGES.topicNotFound);
  const [questions, placements, videoKey] = await Promise.all([
    selectTopicQuestions(db, organizationId, topicId),
    selectTopicPlacements(db, topicId),
    // Only a topic that names a video file can have a stored one.
    topic.videoFile ? selectTopicVideoKey(db, topicId) : null,
  ]);
  return {
    id: topic.id,
    title: topic.title,
    description: topic.description,
    type: topic.type as TopicType,
    status: topic.status as TopicDetail["status"],
    body_markdown: topic.bodyMarkdown,
    video_url: topic.videoUrl,
    video_file_url: videoKey ? await storage.createSignedUrl(videoKey) : null,
    duration_minutes: topic.durationMinutes,
    questions: questions.map(presentQuestion),
    placements: placements.map((row) => ({ lesson_id: row.lessonId, course_id: row.courseId })),
  };
}
