import type { LaunchPlan, PlanMilestone } from "#common/contracts/launch-plan";
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

/** "2 of 5 milestones completed". */
export function describePlanProgress(milestones: readonly PlanMilestone[]): string {
  const done = milestones.filter((milestone) => milestone.status === "completed").length;
  return `${done} of ${milestones.length} ${milestones.length === 1 ? "milestone" : "milestones"} completed`;
}
