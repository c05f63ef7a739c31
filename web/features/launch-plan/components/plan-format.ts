import type { LaunchPlan, MilestoneHistoryEntry, PlanMilestone } from "#common/contracts/launch-plan";
import type { CourseTally } from "#common/domain/milestone-completion";
import { formatDay } from "#web/lib/format-date.ts";
import { type CourseStatus, type MilestoneStatus, formatModuleList } from "#common/domain/launch-plan";

export const MILESTONE_STATUS_LABELS: Readonly<Record<MilestoneStatus, string>> = {
  not_started: "Not started",
  in_progress: "In progress",
  completed: "Completed",
};

export const COURSE_STATUS_LABELS: Readonly<Record<CourseStatus, string>> = {
  not_started: "Not started",
  in_progress: "In progress",
  complete: "Complete",
};

/** A completed milestone closed while some of its courses were not complete. */
export const COMPLETED_EARLY_LABEL = "Completed early";

/** A prerequisite whose milestone has no title (or no longer exists), as the lock reason names it (§5). */
export const UNKNOWN_MILESTONE = "Unknown milestone";

type Scope = LaunchPlan["scope"];

/** The scope's modules, each named once as first spelled. */
function moduleNames(scope: Scope): string {
  const seen = new Set<string>();
  const names = scope.modules.map((module) => module.trim()).filter((module) => {
    const key = module.toLowerCase();
    if (key === "" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return formatModuleList(names, "and");
}

const SOURCE_NAMES: Readonly<Record<Exclude<Scope["source"], "none">, string>> = {
  locked_estimate: "your locked estimate",
  estimate: "your primary estimate",
  business_aspects: "your business aspects",
};

/** One line saying what the plan follows: "Your plan follows your locked estimate: Financials and Commerce." */
export function describePlanScope(scope: Scope): string {
  if (scope.source === "none") return "There is no estimate yet, so your plan holds the milestones every plan has.";
  const modules = moduleNames(scope);
  const source = SOURCE_NAMES[scope.source];
  const lead = scope.source === "business_aspects" ? `Until you have an estimate, your plan follows ${source}` : `Your plan follows ${source}`;
  return modules === "" ? `${lead}.` : `${lead}: ${modules}.`;
}

/** Why a plan has no milestones, in the member's words. */
export function describeEmptyPlan(scope: Scope): string {
  if (scope.source === "none") return "Milestones are chosen from the modules of your estimate, and you have no estimate yet. Get a price to build your plan.";
  return `None of the milestones match the modules of ${SOURCE_NAMES[scope.source]}. Review your estimate to build your plan.`;
}

/** "2 of 5 milestones completed", then how many of those were closed early: the count never passes them off as done. */
export function describePlanProgress(milestones: readonly PlanMilestone[]): string {
  const done = milestones.filter((milestone) => milestone.status === "completed").length;
  const early = milestones.filter((milestone) => milestone.status === "completed" && milestone.closed_early).length;
  const line = `${done} of ${milestones.length} ${milestones.length === 1 ? "milestone" : "milestones"} completed`;
  return early > 0 ? `${line}, ${early} of them closed early` : line;
}

function coursesDone(tally: CourseTally): string {
  return `${tally.complete} of ${tally.total} ${tally.total === 1 ? "course" : "courses"} done`;
}

const byName = (name: string | null) => (name ? ` by ${name}` : "");

/**
 * One event of a milestone's history: "Completed early by Ana Lima on 7 Dec 2030 with 2 of 4
 * courses done", "Reopened by Eve on 8 Dec 2030: the reason". A deleted account names nobody.
 */
export function describeMilestoneEvent(entry: Pick<MilestoneHistoryEntry, "event" | "at" | "by_name" | "reason" | "course_tally">): string {
  const when = `${byName(entry.by_name)} on ${formatDay(entry.at)}`;
  switch (entry.event) {
    case "completed":
      return `Completed${when} with ${coursesDone(entry.course_tally)}`;
    case "completed_early":
      return `${COMPLETED_EARLY_LABEL}${when} with ${coursesDone(entry.course_tally)}`;
    case "reopened":
      return `Reopened${when}: ${entry.reason ?? ""}`;
  }
}
