import type { CourseCard, PlanMilestone } from "#common/contracts/launch-plan";
import type { CourseStatus } from "#common/domain/launch-plan";

/** A course of the plan under the milestone it is listed (and linked) under. */
export interface EducationCourse {
  course: CourseCard;
  milestone: Pick<PlanMilestone, "id" | "title">;
}

export const EDUCATION_STATUS_FILTERS = ["all", "not_started", "in_progress", "complete"] as const;
export type EducationStatusFilter = (typeof EDUCATION_STATUS_FILTERS)[number];

export interface EducationFilters {
  status: EducationStatusFilter;
  /** A milestone of the plan, or null for all of them. */
  milestoneId: string | null;
}

/** The search parameters the filters live in, so a filtered list can be shared and survives a reload. */
export const EDUCATION_PARAMS = { status: "status", milestone: "milestone" } as const;

function isStatusFilter(value: string | null): value is EducationStatusFilter {
  return (EDUCATION_STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

/** The filters a URL asks for; anything it names that is not there (a milestone left the plan) reads as all. */
export function readEducationFilters(params: URLSearchParams, milestones: readonly PlanMilestone[]): EducationFilters {
  const status = params.get(EDUCATION_PARAMS.status);
  const milestoneId = params.get(EDUCATION_PARAMS.milestone);
  return {
    status: isStatusFilter(status) ? status : "all",
    milestoneId: milestoneId !== null && milestones.some((milestone) => milestone.id === milestoneId) ? milestoneId : null,
  };
}

/** Every course of the plan once, in plan order, under the first milestone holding it. */
export function listPlanCourses(milestones: readonly PlanMilestone[]): EducationCourse[] {
  const seen = new Set<string>();
  const courses: EducationCourse[] = [];
  for (const milestone of milestones) {
    for (const course of milestone.courses) {
      if (seen.has(course.id)) continue;
      seen.add(course.id);
      courses.push({ course, milestone: { id: milestone.id, title: milestone.title } });
    }
  }
  return courses;
}

/**
 * The courses the filters let through. With a milestone chosen, all of its courses, listed under
 * it even when an earlier milestone holds them too.
 */
export function filterCourses(milestones: readonly PlanMilestone[], filters: EducationFilters): EducationCourse[] {
  const chosen = filters.milestoneId === null ? milestones : milestones.filter((milestone) => milestone.id === filters.milestoneId);
  return listPlanCourses(chosen).filter(({ course }) => filters.status === "all" || course.status === filters.status);
}

/** The course to continue: the first in progress in plan order, else the first not started; null when all are complete. */
export function findCourseToContinue(courses: readonly EducationCourse[]): EducationCourse | null {
  const first = (status: CourseStatus) => courses.find(({ course }) => course.status === status);
  return first("in_progress") ?? first("not_started") ?? null;
}

/** Consecutive courses of one milestone, for a heading each. */
export function groupByMilestone(courses: readonly EducationCourse[]): { milestone: EducationCourse["milestone"]; courses: EducationCourse[] }[] {
  const groups: { milestone: EducationCourse["milestone"]; courses: EducationCourse[] }[] = [];
  for (const entry of courses) {
    const last = groups.at(-1);
    if (last?.milestone.id === entry.milestone.id) last.courses.push(entry);
    else groups.push({ milestone: entry.milestone, courses: [entry] });
  }
  return groups;
}
