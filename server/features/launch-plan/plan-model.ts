import type { CourseCard, LaunchPlan, PlanMilestone, TeamProgress } from "#common/contracts/launch-plan";
import {
  type LessonSummary,
  type MilestoneLock,
  type PlanScope,
  decidePlanInclusion,
  findMilestoneLock,
  sortMilestonesByPosition,
  summarizeCourse,
  summarizeLesson,
} from "#common/domain/launch-plan";
import type { CourseTally } from "#common/domain/milestone-completion";
import type { LessonCountRow, MemberLessonCountRow, MilestoneCourseRow, PlanMilestoneRow } from "./launch-plan.queries.ts";

/** A lesson's counts as the §4 rules read them. */
export function summarizeLessonCounts(row: LessonCountRow): LessonSummary {
  const notStarted = Math.max(0, row.totalTopics - row.completedTopics - row.startedTopics);
  return summarizeLesson({
    topicStatuses: [
      ...Array<"complete">(row.completedTopics).fill("complete"),
      ...Array<"in_progress">(row.startedTopics).fill("in_progress"),
      ...Array<null>(notStarted).fill(null),
    ],
    questionsAnswered: [...Array<boolean>(row.answeredQuestions).fill(true), ...Array<boolean>(Math.max(0, row.totalQuestions - row.answeredQuestions)).fill(false)],
  });
}

/** A lesson nobody has started: not complete, no progress, whatever it holds (§4). */
const UNTOUCHED_LESSON = summarizeLesson({ topicStatuses: [], questionsAnswered: [] });

/**
 * Each course's lesson summaries. With `totals`, `rows` may hold only the lessons with progress:
 * each course is filled up to its total with untouched lessons.
 */
export function lessonSummariesByCourse(rows: readonly LessonCountRow[], totals?: ReadonlyMap<string, number>): Map<string, LessonSummary[]> {
  const byCourse = new Map<string, LessonSummary[]>();
  for (const row of rows) {
    const list = byCourse.get(row.courseId) ?? [];
    list.push(summarizeLessonCounts(row));
    byCourse.set(row.courseId, list);
  }
  for (const [courseId, total] of totals ?? []) {
    const list = byCourse.get(courseId) ?? [];
    while (list.length < total) list.push(UNTOUCHED_LESSON);
    byCourse.set(courseId, list);
  }
  return byCourse;
}

export interface PlanDecisions {
  inclusion: Map<string, { included: boolean; reason: string }>;
  locks: Map<string, MilestoneLock>;
}

/** Which milestones are in the plan, why, and which are locked (§4, §5). */
export function decideMilestones(rows: readonly PlanMilestoneRow[], scope: PlanScope): PlanDecisions {
  const inclusion = new Map(rows.map((row) => [row.id, decidePlanInclusion({ modules: row.modules, scope, override: row.override })]));
  const facts = new Map(rows.map((row) => [row.id, { title: row.title, status: row.status, inPlan: inclusion.get(row.id)?.included ?? false }]));
  const locks = new Map(rows.map((row) => [row.id, findMilestoneLock(row.prerequisiteIds, facts)]));
  return { inclusion, locks };
}

export interface PlanInputs {
  scope: PlanScope;
  milestoneRows: PlanMilestoneRow[];
  courseRows: MilestoneCourseRow[];
  /** The lessons with progress only; each course row gives its whole count. */
  lessonCounts: LessonCountRow[];
  isEmployee: boolean;
  /** The caller may reopen a completed milestone (canReopenMilestone). */
  mayReopen: boolean;
}

/**
 * How many of one milestone's planned courses a person has complete. `lessonCounts` may hold only
 * the lessons with progress: each course's other lessons count as untouched.
 */
export function tallyMilestoneCourses(milestoneId: string, scope: PlanScope, courseRows: readonly MilestoneCourseRow[], lessonCounts: readonly LessonCountRow[]): CourseTally {
  const planned = courseRows.filter((row) => row.milestoneId === milestoneId && decidePlanInclusion({ modules: row.modules, scope, override: null }).included);
  const lessonsByCourse = lessonSummariesByCourse(lessonCounts, new Map(planned.map((row) => [row.courseId, row.lessonCount])));
  const complete = planned.filter((row) => summarizeCourse(lessonsByCourse.get(row.courseId) ?? []).status === "complete").length;
  return { complete, total: planned.length };
}

/** Set while the milestone is completed and its latest event is an early completion. */
function presentClosedEarly(row: PlanMilestoneRow): PlanMilestone["closed_early"] {
  const last = row.lastEvent;
  if (row.status !== "completed" || last?.event !== "completed_early") return null;
  return { at: last.at.toISOString(), by_name: last.byName, course_tally: { complete: last.coursesComplete, total: last.coursesTotal } };
}

function presentCourseCard(row: MilestoneCourseRow, reason: string, lessons: readonly LessonSummary[]): CourseCard {
  const summary = summarizeCourse(lessons);
  return {
    id: row.courseId,
    title: row.title,
    description: row.description,
    reason,
    percent: summary.percent,
    status: summary.status,
    total_lessons: summary.totalLessons,
    completed_lessons: summary.completedLessons,
  };
}

/** The launch plan answer from its rows: a handful of statements, then this. */
export function presentLaunchPlan(inputs: PlanInputs): LaunchPlan {
  const { scope, milestoneRows, courseRows, lessonCounts, isEmployee, mayReopen } = inputs;
  const { inclusion, locks } = decideMilestones(milestoneRows, scope);
  const lessonsByCourse = lessonSummariesByCourse(lessonCounts, new Map(courseRows.map((row) => [row.courseId, row.lessonCount])));
  const titles = new Map(milestoneRows.map((row) => [row.id, row.title]));
  const coursesByMilestone = new Map<string, MilestoneCourseRow[]>();
  for (const row of courseRows) coursesByMilestone.set(row.milestoneId, [...(coursesByMilestone.get(row.milestoneId) ?? []), row]);

  const present = (row: PlanMilestoneRow): PlanMilestone => {
    const lock = locks.get(row.id) ?? { locked: false };
    const cards: CourseCard[] = [];
    const lessons: LessonSummary[] = [];
    for (const course of coursesByMilestone.get(row.id) ?? []) {
      const decision = decidePlanInclusion({ modules: course.modules, scope, override: null });
      if (!decision.included) continue;
      const courseLessons = lessonsByCourse.get(course.courseId) ?? [];
      lessons.push(...courseLessons);
      cards.push(presentCourseCard(course, decision.reason, courseLessons));
    }
    const inPlan = inclusion.get(row.id)?.included ?? false;
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      goals: row.goals,
      position: row.position,
      time_estimate: row.timeEstimate,
      modules: row.modules,
      status: row.status,
      completed_at: row.completedAt?.toISOString() ?? null,
      lock: lock.locked ? { locked: true, reason: lock.reason } : { locked: false, reason: null },
      reason: inclusion.get(row.id)?.reason ?? "",
      override: row.override,
      prerequisites: row.prerequisiteIds.map((id) => ({ id, title: titles.get(id) ?? null })),
      percent: summarizeCourse(lessons).percent,
      courses: cards,
      // The cards are the caller's courses of the milestone, so the tally is what the page shows.
      course_tally: { complete: cards.filter((card) => card.status === "complete").length, total: cards.length },
      closed_early: presentClosedEarly(row),
      has_history: row.lastEvent !== null,
      can_start: inPlan && !lock.locked && row.status === "not_started",
      can_complete: inPlan && !lock.locked && row.status !== "completed",
      can_reopen: inPlan && mayReopen && row.status === "completed",
    };
  };
  const sorted = sortMilestonesByPosition(milestoneRows);
  return {
    scope: { source: scope.source, modules: [...scope.modules] },
    milestones: sorted.filter((row) => inclusion.get(row.id)?.included).map(present),
    other_milestones: isEmployee ? sorted.filter((row) => !inclusion.get(row.id)?.included).map(present) : [],
    can_override: isEmployee,
  };
}

export interface TeamInputs {
  scope: PlanScope;
  milestoneRows: PlanMilestoneRow[];
  courseRows: MilestoneCourseRow[];
  members: { id: string; fullName: string | null; email: string }[];
  memberCounts: MemberLessonCountRow[];
}

/** Each member's share of complete lessons over the plan's milestones and courses, overall and per milestone. */
export function presentTeamProgress(inputs: TeamInputs): TeamProgress {
  const { scope, milestoneRows, courseRows, members, memberCounts } = inputs;
  const { inclusion } = decideMilestones(milestoneRows, scope);
  const planned = sortMilestonesByPosition(milestoneRows.filter((row) => inclusion.get(row.id)?.included));
  const plannedCourses = (milestoneId: string) =>
    courseRows.filter((row) => row.milestoneId === milestoneId && decidePlanInclusion({ modules: row.modules, scope, override: null }).included).map((row) => row.courseId);
  const countsByMember = new Map<string, MemberLessonCountRow[]>();
  for (const row of memberCounts) countsByMember.set(row.profileId, [...(countsByMember.get(row.profileId) ?? []), row]);
  return {
    members: members.map((member) => {
      const lessonsByCourse = lessonSummariesByCourse(countsByMember.get(member.id) ?? []);
      const perMilestone = planned.map((milestone) => ({
        milestone,
        lessons: plannedCourses(milestone.id).flatMap((courseId) => lessonsByCourse.get(courseId) ?? []),
      }));
      const overall = summarizeCourse(perMilestone.flatMap((entry) => entry.lessons));
      return {
        profile_id: member.id,
        name: member.fullName ?? member.email,
        email: member.email,
        percent: overall.percent,
        completed_lessons: overall.completedLessons,
        total_lessons: overall.totalLessons,
        milestones: perMilestone.map(({ milestone, lessons }) => ({ milestone_id: milestone.id, title: milestone.title, percent: summarizeCourse(lessons).percent })),
      };
    }),
  };
}
