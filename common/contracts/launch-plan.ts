import { z } from "zod";
import { hasControlCharacterBesidesLineBreaks, hasLoneSurrogate } from "../domain/configuration-answers.ts";
import { COURSE_STATUSES, MILESTONE_STATUSES, TOPIC_STATUSES } from "../domain/launch-plan.ts";
import { MILESTONE_HISTORY_EVENTS, MILESTONE_REOPEN_REASON_MAX, REOPEN_REASON_REQUIRED, REOPEN_REASON_TOO_LONG } from "../domain/milestone-completion.ts";
import { answeredInSchema } from "./answered-in.ts";
import { defineRoute } from "./http.ts";

/**
 * The launch plan (spec §2 learning routes, §3, §4, §8): the organization's milestones, scoped by
 * its estimate, and each person's progress through courses, lessons and topics. Verdicts (locks,
 * what the caller may do) are decided on the server and sent with the data.
 */

export const TOPIC_TYPES = ["reading", "video", "activity", "survey"] as const;
export type TopicType = (typeof TOPIC_TYPES)[number];

/** The spec's texts (§8). */
export const LAUNCH_PLAN_MESSAGES = {
  milestoneCompleted: "Milestone Completed: This milestone has been marked as completed.",
  milestoneCompleteFailed: "Error: Failed to mark milestone as completed.",
  milestoneReopened: "Milestone Reopened: This milestone is in progress again.",
  reopenNotAllowed: "Only an organization admin or the provider's team can reopen a milestone",
  courseNotFound: "Course not found",
  lessonNotFound: "Lesson not found",
  topicNotFound: "Topic not found",
  milestoneNotFound: "Milestone not found",
  surveyUnanswered: "Answer every question of this survey first",
} as const;

const lockSchema = z.object({ locked: z.boolean(), reason: z.string().nullable() });

const courseCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  /** Why the course is in the plan, in words. */
  reason: z.string(),
  percent: z.number().int().min(0).max(100),
  status: z.enum(COURSE_STATUSES),
  total_lessons: z.number().int(),
  completed_lessons: z.number().int(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

/** How many of a milestone's courses in the plan are complete, out of how many. */
const courseTallySchema = z.object({ complete: z.number().int().min(0), total: z.number().int().min(0) });

export const planMilestoneSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  goals: z.array(z.string()),
  position: z.number().int().nullable(),
  time_estimate: z.string().nullable(),
  modules: z.array(z.string()),
  status: z.enum(MILESTONE_STATUSES),
  completed_at: z.string().nullable(),
  lock: lockSchema,
  /** Why the milestone is (or, for employees' list of others, is not) in the plan. */
  reason: z.string(),
  override: z.enum(["include", "exclude"]).nullable(),
  prerequisites: z.array(z.object({ id: z.uuid(), title: z.string().nullable() })),
  /** The caller's share of complete lessons over the milestone's courses. */
  percent: z.number().int().min(0).max(100),
  courses: z.array(courseCardSchema),
  /** The caller's complete courses of `courses`: completing with some left needs a confirmation (complete-early). */
  course_tally: courseTallySchema,
  /** While completed after a completion with courses left: who closed it, when, and how far they were. */
  closed_early: z.object({ at: z.string(), by_name: z.string().nullable(), course_tally: courseTallySchema }).nullable(),
  /** The organization has completed or reopened it before: its history (getMilestoneHistory) has entries. */
  has_history: z.boolean(),
  can_start: z.boolean(),
  can_complete: z.boolean(),
  /** Completed, and the caller is an organization admin or an employee. */
  can_reopen: z.boolean(),
});
export type PlanMilestone = z.infer<typeof planMilestoneSchema>;

export const launchPlanSchema = z.object({
  scope: z.object({ source: z.enum(["locked_estimate", "estimate", "business_aspects", "none"]), modules: z.array(z.string()) }),
  /** The plan's milestones by position (missing positions last, as 999). */
  milestones: z.array(planMilestoneSchema),
  /** Employees only: the curriculum's milestones outside this plan, to add by hand. Empty for members. */
  other_milestones: z.array(planMilestoneSchema),
  can_override: z.boolean(),
});
export type LaunchPlan = z.infer<typeof launchPlanSchema>;

const topicSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(TOPIC_TYPES),
  status: z.enum(TOPIC_STATUSES).nullable(),
  duration_minutes: z.number().int().nullable(),
});
export type TopicSummary = z.infer<typeof topicSummarySchema>;

const lessonSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  topics: z.array(topicSummarySchema),
  total_questions: z.number().int(),
  answered_questions: z.number().int(),
  /** "x/y topics complete" or "x/y questions answered"; null: show the description or "No content". */
  label: z.string().nullable(),
  is_complete: z.boolean(),
  has_progress: z.boolean(),
});
export type LessonOutline = z.infer<typeof lessonSummarySchema>;

export const courseDetailSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  has_sidebar: z.boolean(),
  percent: z.number().int().min(0).max(100),
  status: z.enum(COURSE_STATUSES),
  lessons: z.array(lessonSummarySchema),
  /** The plan's milestones this course belongs to (the breadcrumb takes the one in the path, else the first). */
  milestones: z.array(z.object({ id: z.uuid(), title: z.string(), lock: lockSchema })),
  in_plan: z.boolean(),
  reason: z.string(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const questionSchema = z.object({
  key: z.string(),
  prompt: z.string(),
  help: z.string().nullable(),
  kind: z.enum(["single_choice", "multiple_choice", "text", "number", "date", "yes_no"]),
  options: z.array(z.string()),
  required: z.boolean(),
  module: z.string(),
  answer: z.unknown().nullable(),
  /** Answers of a submitted module are read-only until the provider reopens it, and so are those another page gives. */
  read_only: z.boolean(),
  /** The page that answers it; null when it is answered in place. */
  answered_in: answeredInSchema.nullable(),
});
export type PlanQuestion = z.infer<typeof questionSchema>;

export const lessonDetailSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  topics: z.array(topicSummarySchema),
  questions: z.array(questionSchema),
  /** Courses holding the lesson, first by title: the short route /lesson/{id} opens the first. */
  course_ids: z.array(z.uuid()),
});
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

export const topicDetailSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(TOPIC_TYPES),
  status: z.enum(TOPIC_STATUSES).nullable(),
  body_markdown: z.string().nullable(),
  video_url: z.string().nullable(),
  /** The curriculum's own video file (its manifest's video_file), as a signed link to the portal's storage (3,600 s). */
  video_file_url: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  /** A survey's questions, answered in place. */
  questions: z.array(questionSchema),
  /** Where the topic sits, for the short route /topic/{id}: its lessons and their courses. */
  placements: z.array(z.object({ lesson_id: z.uuid(), course_id: z.uuid() })),
});
export type TopicDetail = z.infer<typeof topicDetailSchema>;

export const teamProgressSchema = z.object({
  /** The organization's members (not employees), by name, with their share of the plan's lessons. */
  members: z.array(
    z.object({
      profile_id: z.string(),
      name: z.string(),
      email: z.string(),
      percent: z.number().int().min(0).max(100),
      completed_lessons: z.number().int(),
      total_lessons: z.number().int(),
      milestones: z.array(z.object({ milestone_id: z.uuid(), title: z.string(), percent: z.number().int().min(0).max(100) })),
    }),
  ),
});
export type TeamProgress = z.infer<typeof teamProgressSchema>;

export const topicProgressBodySchema = z.object({ status: z.enum(TOPIC_STATUSES) });
export const topicProgressSchema = z.object({ topic_id: z.uuid(), status: z.enum(TOPIC_STATUSES) });

export const milestoneStatusSchema = z.object({ milestone_id: z.uuid(), status: z.enum(MILESTONE_STATUSES), completed_at: z.string().nullable() });
export const reopenMilestoneBodySchema = z.object({
  reason: z
    .string({ error: REOPEN_REASON_REQUIRED })
    .trim()
    .min(1, { error: REOPEN_REASON_REQUIRED })
    .max(MILESTONE_REOPEN_REASON_MAX, { error: REOPEN_REASON_TOO_LONG })
    .refine((text) => !hasControlCharacterBesidesLineBreaks(text), { error: "Reason cannot contain control characters" })
    .refine((text) => !hasLoneSurrogate(text), { error: "Reason contains an invalid character" }),
});
export type ReopenMilestoneBody = z.input<typeof reopenMilestoneBodySchema>;

/** A milestone's completions and reopenings for the organization, newest first; the tally is the actor's at the time. */
export const milestoneHistorySchema = z.object({
  entries: z.array(
    z.object({
      id: z.uuid(),
      event: z.enum(MILESTONE_HISTORY_EVENTS),
      at: z.string(),
      by_name: z.string().nullable(),
      reason: z.string().nullable(),
      course_tally: courseTallySchema,
    }),
  ),
});
export type MilestoneHistory = z.infer<typeof milestoneHistorySchema>;
export type MilestoneHistoryEntry = MilestoneHistory["entries"][number];

export const milestoneOverrideBodySchema = z.object({ override: z.enum(["include", "exclude"]).nullable() });

const tag = "Launch plan";
const access = "organization" as const;
const item = "system-refinement" as const;

export const getLaunchPlanRoute = defineRoute({
  id: "getLaunchPlan", method: "get", path: "/api/launch-plan", tag, access, item,
  summary: "The organization's plan: milestones by position with status, lock, reason, courses and the caller's progress",
  response: launchPlanSchema,
});
export const getTeamProgressRoute = defineRoute({
  id: "getLaunchPlanTeamProgress", method: "get", path: "/api/launch-plan/team", tag, access: "employee-organization",
  summary: "Employees: each member's progress through the organization's plan, overall and by milestone",
  response: teamProgressSchema,
});
export const getCourseRoute = defineRoute({
  id: "getLaunchPlanCourse", method: "get", path: "/api/launch-plan/courses/:courseId", tag, access, item,
  summary: "A course with its lessons, topics and the caller's progress (the course sidebar)",
  response: courseDetailSchema,
});
export const getLessonRoute = defineRoute({
  id: "getLaunchPlanLesson", method: "get", path: "/api/launch-plan/lessons/:lessonId", tag, access, item,
  summary: "A lesson with its topics and its questions with the organization's answers",
  response: lessonDetailSchema,
});
export const getTopicRoute = defineRoute({
  id: "getLaunchPlanTopic", method: "get", path: "/api/launch-plan/topics/:topicId", tag, access, item,
  summary: "A topic's content and the caller's status; a survey's questions with the organization's answers",
  response: topicDetailSchema,
});
export const setTopicProgressRoute = defineRoute({
  id: "setTopicProgress", method: "put", path: "/api/launch-plan/topics/:topicId/progress", tag, access, item,
  summary: "Record the caller's progress on a topic (a survey completes only when its questions are answered: 409)",
  body: topicProgressBodySchema, response: topicProgressSchema,
});
export const startMilestoneRoute = defineRoute({
  id: "startMilestone", method: "post", path: "/api/launch-plan/milestones/:milestoneId/start", tag, access, item,
  summary: "Mark a milestone in progress (409 with the lock reason while a prerequisite is incomplete)",
  response: milestoneStatusSchema,
});
export const completeMilestoneRoute = defineRoute({
  id: "completeMilestone", method: "post", path: "/api/launch-plan/milestones/:milestoneId/complete", tag, access, item,
  summary:
    "Mark a milestone completed (409 with the lock reason while a prerequisite is incomplete; 409 saying what is left, details { courses_complete, courses_total }, while some of its courses are not complete)",
  response: milestoneStatusSchema,
});
export const completeMilestoneEarlyRoute = defineRoute({
  id: "completeMilestoneEarly", method: "post", path: "/api/launch-plan/milestones/:milestoneId/complete-early", tag, access, item,
  summary: "Mark a milestone completed though some of its courses are not: the confirmation, kept in its history with the courses done",
  response: milestoneStatusSchema,
});
export const reopenMilestoneRoute = defineRoute({
  id: "reopenMilestone", method: "post", path: "/api/launch-plan/milestones/:milestoneId/reopen", tag, access, item,
  summary: "Organization admins and employees: a completed milestone back in progress, with a reason kept in its history (403 for others)",
  body: reopenMilestoneBodySchema, response: milestoneStatusSchema,
});
export const getMilestoneHistoryRoute = defineRoute({
  id: "getMilestoneHistory", method: "get", path: "/api/launch-plan/milestones/:milestoneId/history", tag, access, item,
  summary: "A milestone's completions (early ones with the courses done) and reopenings with their reasons, newest first",
  response: milestoneHistorySchema,
});
export const overrideMilestoneRoute = defineRoute({
  id: "overrideMilestone", method: "put", path: "/api/launch-plan/milestones/:milestoneId/override", tag, access: "employee-organization",
  summary: "Add a milestone to this organization's plan or remove it, over the estimate's rule (null: follow the rule again)",
  body: milestoneOverrideBodySchema, response: milestoneStatusSchema,
});
