/**
 * Closing a milestone and opening it again (issue 26): completing one whose courses are not all
 * complete needs a confirmation, a completed one may be reopened by the organization's admins and
 * the provider's team, and each of these is kept in the milestone's history.
 */

/** How many of a milestone's courses (those in the plan) a person has complete, out of how many. */
export interface CourseTally {
  complete: number;
  total: number;
}

/** milestone_history.event: a completion with every course done, one closed early, a reopening. */
export const MILESTONE_HISTORY_EVENTS = ["completed", "completed_early", "reopened"] as const;
export type MilestoneHistoryEvent = (typeof MILESTONE_HISTORY_EVENTS)[number];

/** The longest reason a reopening keeps. */
export const MILESTONE_REOPEN_REASON_MAX = 500;
export const REOPEN_REASON_REQUIRED = "Reason is required";
export const REOPEN_REASON_TOO_LONG = `Reason must be at most ${MILESTONE_REOPEN_REASON_MAX} characters`;

/** Completing now would close the milestone early: some of its courses are not complete. */
export function isEarlyCompletion(tally: CourseTally): boolean {
  return tally.complete < tally.total;
}

/** What is left: "2 of 4 courses are not complete" ("1 of 4 courses is not complete"). */
export function describeCoursesLeft(tally: CourseTally): string {
  const left = Math.max(0, tally.total - tally.complete);
  return `${left} of ${tally.total} ${tally.total === 1 ? "course" : "courses"} ${left === 1 ? "is" : "are"} not complete`;
}

/** Who may reopen a completed milestone: the organization's admins and the provider's employees. */
export function canReopenMilestone(user: { isEmployee: boolean; role: string }): boolean {
  return user.isEmployee || user.role === "member_admin";
}

/**
 * The counts a refused completion carries in its error details ({ courses_complete, courses_total }),
 * or null when the refusal is another one (a lock). Read field by field: the web reads it without
 * loading the schema library.
 */
export function readEarlyCompletionDetails(details: unknown): CourseTally | null {
  if (typeof details !== "object" || details === null) return null;
  const { courses_complete: complete, courses_total: total } = details as Record<string, unknown>;
  if (!Number.isInteger(complete) || !Number.isInteger(total)) return null;
  return { complete: complete as number, total: total as number };
}
