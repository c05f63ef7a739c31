/** Where the launch plan's pages live (spec §2). */
export const LAUNCH_PLAN_PATH = "/system-refinement";

export function milestonePath(milestoneId: string): string {
  return `/milestone/${encodeURIComponent(milestoneId)}`;
}

/** A course under its milestone: the breadcrumb then names that milestone. */
export function milestoneCoursePath(milestoneId: string, courseId: string): string {
  return `${LAUNCH_PLAN_PATH}/milestone/${encodeURIComponent(milestoneId)}/course/${encodeURIComponent(courseId)}`;
}
