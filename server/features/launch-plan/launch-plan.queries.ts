import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { MilestoneStatus, TopicStatus } from "#common/domain/launch-plan";
import type { Queryable, Transaction } from "#server/db/database";
import {
  courseLessons,
  courses,
  lessons,
  lessonTopics,
  milestoneCourses,
  milestoneOrganizations,
  milestones,
  profiles,
  topics,
  userCourseProgress,
  userTopicProgress,
} from "#server/db/schema/index";
import { answeredQuestionKeysSql } from "./answered-questions.queries.ts";
import { type MilestoneHistoryRow, lastMilestoneEventColumns, lastMilestoneEventSql } from "./milestone-status.queries.ts";

export interface PlanMilestoneRow {
  id: string;
  title: string;
  description: string | null;
  goals: string[];
  position: number | null;
  timeEstimate: string | null;
  modules: string[];
  prerequisiteIds: string[];
  status: MilestoneStatus;
  completedAt: Date | null;
  override: "include" | "exclude" | null;
  /** The organization's latest completion or reopening of the milestone, if any. */
  lastEvent: Pick<MilestoneHistoryRow, "event" | "at" | "byName" | "coursesComplete" | "coursesTotal"> | null;
}

/**
 * Every milestone with this organization's status, override and latest event (spec §7
 * milestone_organizations joined with milestones).
 */
export async function selectPlanMilestoneRows(db: Queryable, organizationId: string): Promise<PlanMilestoneRow[]> {
  const rows = await db
    .select({
      id: milestones.id,
      title: milestones.title,
      description: milestones.description,
      goals: milestones.goals,
      position: milestones.position,
      timeEstimate: milestones.timeEstimate,
      modules: milestones.modules,
      prerequisiteIds: milestones.prerequisiteMilestoneIds,
      status: sql<MilestoneStatus>`coalesce(${milestoneOrganizations.completionStatus}, 'not_started')`,
      completedAt: milestoneOrganizations.completedAt,
      override: sql<"include" | "exclude" | null>`${milestoneOrganizations.planOverride}`,
      ...lastMilestoneEventColumns,
    })
    .from(milestones)
    .leftJoin(milestoneOrganizations, and(eq(milestoneOrganizations.milestoneId, milestones.id), eq(milestoneOrganizations.organizationId, organizationId)))
    .leftJoin(lastMilestoneEventSql(organizationId), sql`true`);
  return rows.map(({ lastEvent, lastEventAt, lastEventByName, lastEventCoursesComplete, lastEventCoursesTotal, ...row }) => ({
    ...row,
    lastEvent:
      lastEvent && lastEventAt
        ? { event: lastEvent, at: lastEventAt, byName: lastEventByName, coursesComplete: lastEventCoursesComplete ?? 0, coursesTotal: lastEventCoursesTotal ?? 0 }
        : null,
  }));
}

export interface MilestoneCourseRow {
  milestoneId: string;
  courseId: string;
  title: string;
  description: string | null;
  modules: string[];
  /** How many lessons the course has. */
  lessonCount: number;
}

/** The courses of every milestone, or of the milestones holding one course, in position order. */
export function selectMilestoneCourseRows(db: Queryable, onlyCourseId?: string): Promise<MilestoneCourseRow[]> {
  const holding = onlyCourseId
    ? sql`${milestoneCourses.milestoneId} in (select ${milestoneCourses.milestoneId} from ${milestoneCourses} where ${milestoneCourses.courseId} = ${onlyCourseId})`
    : sql`true`;
  return db
    .select({
      milestoneId: milestoneCourses.milestoneId,
      courseId: courses.id,
      title: courses.title,
      description: courses.description,
      modules: courses.modules,
      lessonCount: courses.lessonCount,
    })
    .from(milestoneCourses)
    .innerJoin(courses, eq(courses.id, milestoneCourses.courseId))
    .where(holding)
    .orderBy(asc(milestoneCourses.position));
}

export interface LessonCountRow {
  courseId: string;
  lessonId: string;
  totalTopics: number;
  completedTopics: number;
  startedTopics: number;
  totalQuestions: number;
  answeredQuestions: number;
}

/**
 * Per lesson of the given courses (all when omitted): topic counts by the caller's status and
 * question counts by the organization's answers, in one statement. The totals are the lesson's
 * own (kept by the import); the rest starts from the caller's progress rows and the
 * organization's answers, so the cost follows what was done, not the curriculum's size.
 */
export async function selectLessonCounts(
  db: Queryable,
  organizationId: string,
  profileId: string,
  courseIds?: readonly string[],
  options: { onlyWithProgress?: boolean } = {},
): Promise<LessonCountRow[]> {
  const topicCounts = sql`(select lt.lesson_id,
      count(*) filter (where p.completion_status = 'complete') as completed,
      count(*) filter (where p.completion_status = 'in_progress') as started
    from ${userTopicProgress} p join ${lessonTopics} lt on lt.topic_id = p.topic_id
    where p.organization_id = ${organizationId} and p.profile_id = ${profileId}
    group by lt.lesson_id) t`;
  const questionCounts = sql`(select lq.lesson_id, count(*) as answered
    from configuration_questions q join lesson_questions lq on lq.question_id = q.id
    where q.key in (${answeredQuestionKeysSql(organizationId)})
    group by lq.lesson_id) q`;
  const lessonId = sql.raw(`"course_lessons"."lesson_id"`);
  // Only what was started: the lessons come from the progress and the answers (a few rows), not
  // from every link of the curriculum.
  const started = sql`(select lt.lesson_id from ${userTopicProgress} p join ${lessonTopics} lt on lt.topic_id = p.topic_id
      where p.organization_id = ${organizationId} and p.profile_id = ${profileId}
    union
    select lq.lesson_id from configuration_questions q join lesson_questions lq on lq.question_id = q.id
      where q.key in (${answeredQuestionKeysSql(organizationId)})) w`;
  const query = db
    .select({
      courseId: courseLessons.courseId,
      lessonId: courseLessons.lessonId,
      totalTopics: lessons.topicCount,
      completedTopics: sql<number>`coalesce(t.completed, 0)`.mapWith(Number),
      startedTopics: sql<number>`coalesce(t.started, 0)`.mapWith(Number),
      totalQuestions: lessons.questionCount,
      answeredQuestions: sql<number>`coalesce(q.answered, 0)`.mapWith(Number),
    })
    .from(courseLessons)
    .innerJoin(lessons, eq(lessons.id, courseLessons.lessonId))
    .leftJoin(topicCounts, sql`t.lesson_id = ${lessonId}`)
    .leftJoin(questionCounts, sql`q.lesson_id = ${lessonId}`)
    .where(courseIds ? inArray(courseLessons.courseId, [...courseIds]) : sql`true`)
    .orderBy(asc(courseLessons.courseId), asc(courseLessons.position))
    .$dynamic();
  // Lessons nobody has touched count only through their course's total (MilestoneCourseRow.lessonCount).
  return options.onlyWithProgress ? query.innerJoin(started, sql`w.lesson_id = ${lessonId}`) : query;
}


export function selectCourse(db: Queryable, courseId: string) {
  return db.select().from(courses).where(eq(courses.id, courseId)).then((rows) => rows[0] ?? null);
}

export interface CourseOutlineRow {
  lessonId: string;
  lessonTitle: string;
  lessonDescription: string | null;
  topicId: string | null;
  topicTitle: string | null;
  topicType: string | null;
  topicDuration: number | null;
  topicStatus: TopicStatus | null;
}

/** A course's lessons and their topics in position order, with the caller's topic status. */
export function selectCourseOutline(db: Queryable, organizationId: string, profileId: string, courseId: string): Promise<CourseOutlineRow[]> {
  return db
    .select({
      lessonId: sql<string>`l.id`,
      lessonTitle: sql<string>`l.title`,
      lessonDescription: sql<string | null>`l.description`,
      topicId: sql<string | null>`${topics.id}`,
      topicTitle: sql<string | null>`${topics.title}`,
      topicType: sql<string | null>`${topics.type}`,
      topicDuration: sql<number | null>`${topics.durationMinutes}`,
      topicStatus: sql<TopicStatus | null>`${userTopicProgress.completionStatus}`,
    })
    .from(courseLessons)
    .innerJoin(sql`lessons l`, sql`l.id = ${courseLessons.lessonId}`)
    .leftJoin(lessonTopics, eq(lessonTopics.lessonId, courseLessons.lessonId))
    .leftJoin(topics, eq(topics.id, lessonTopics.topicId))
    .leftJoin(
      userTopicProgress,
      and(eq(userTopicProgress.topicId, topics.id), eq(userTopicProgress.organizationId, organizationId), eq(userTopicProgress.profileId, profileId)),
    )
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(asc(courseLessons.position), asc(lessonTopics.position));
}

/** Records a topic's status; "complete" is never taken back by a later "in_progress" (a revisit). */
export async function upsertTopicProgress(tx: Transaction, organizationId: string, profileId: string, topicId: string, status: TopicStatus, now: Date): Promise<TopicStatus> {
  const [row] = await tx
    .insert(userTopicProgress)
    .values({ organizationId, profileId, topicId, completionStatus: status, completedAt: status === "complete" ? now : null, updatedAt: now })
    .onConflictDoUpdate({
      target: [userTopicProgress.organizationId, userTopicProgress.profileId, userTopicProgress.topicId],
      set: {
        completionStatus: sql`case when ${userTopicProgress.completionStatus} = 'complete' then 'complete' else excluded.completion_status end`,
        completedAt: sql`coalesce(${userTopicProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    })
    .returning({ status: userTopicProgress.completionStatus });
  return row?.status as TopicStatus;
}

/** The courses whose lessons hold the topic. */
export async function selectCourseIdsOfTopic(db: Queryable, topicId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ courseId: courseLessons.courseId })
    .from(lessonTopics)
    .innerJoin(courseLessons, eq(courseLessons.lessonId, lessonTopics.lessonId))
    .where(eq(lessonTopics.topicId, topicId));
  return rows.map((row) => row.courseId);
}

export async function upsertCourseProgress(tx: Transaction, organizationId: string, profileId: string, entries: readonly { courseId: string; status: string }[], now: Date) {
  if (entries.length === 0) return;
  await tx
    .insert(userCourseProgress)
    .values(entries.map((entry) => ({ organizationId, profileId, courseId: entry.courseId, completionStatus: entry.status, updatedAt: now })))
    .onConflictDoUpdate({
      target: [userCourseProgress.organizationId, userCourseProgress.profileId, userCourseProgress.courseId],
      set: { completionStatus: sql`excluded.completion_status`, updatedAt: now },
    });
}

export interface MemberLessonCountRow extends LessonCountRow {
  profileId: string;
}

/**
 * selectLessonCounts for every member of the organization at once (employees' view of the team):
 * one statement, members × lessons.
 */
export async function selectMemberLessonCounts(db: Queryable, organizationId: string): Promise<MemberLessonCountRow[]> {
  const lessonId = sql.raw(`"course_lessons"."lesson_id"`);
  const profileId = sql.raw(`"profiles"."id"`);
  const topicsWith = (status: string) => sql`(select count(*) from lesson_topics lt join ${userTopicProgress} u on u.topic_id = lt.topic_id
    where lt.lesson_id = ${lessonId} and u.organization_id = ${organizationId} and u.profile_id = ${profileId} and u.completion_status = ${status})`;
  return db
    .select({
      profileId: profiles.id,
      courseId: courseLessons.courseId,
      lessonId: courseLessons.lessonId,
      totalTopics: sql<number>`(select count(*) from lesson_topics lt where lt.lesson_id = ${lessonId})`.mapWith(Number),
      completedTopics: sql<number>`${topicsWith("complete")}`.mapWith(Number),
      startedTopics: sql<number>`${topicsWith("in_progress")}`.mapWith(Number),
      totalQuestions: sql<number>`(select count(*) from lesson_questions lq where lq.lesson_id = ${lessonId})`.mapWith(Number),
      answeredQuestions: sql<number>`(select count(*) from lesson_questions lq join configuration_questions q on q.id = lq.question_id
        where lq.lesson_id = ${lessonId} and q.key in (${answeredQuestionKeysSql(organizationId)}))`.mapWith(Number),
    })
    .from(profiles)
    .innerJoin(courseLessons, sql`true`)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.isEmployee, false)))
    .orderBy(asc(profiles.id), asc(courseLessons.courseId), asc(courseLessons.position));
}

export function selectOrganizationMembers(db: Queryable, organizationId: string) {
  return db
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.isEmployee, false)))
    .orderBy(asc(profiles.fullName), asc(profiles.email));
}
