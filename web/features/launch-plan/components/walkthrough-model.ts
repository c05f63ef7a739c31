import type { Configuration } from "#common/contracts/configuration";
import type { LaunchPlan, PlanMilestone } from "#common/contracts/launch-plan";
import { LAUNCH_PLAN_PATH, milestoneCoursePath, milestonePath } from "./plan-paths.ts";

export const CONFIGURATION_PATH = "/configuration";

/** One step of the guided walkthrough: what to do next, where, and whether it is done. */
export interface WalkthroughStep {
  id: "milestone" | "course" | "configuration";
  title: string;
  detail: string;
  done: boolean;
  link: { to: string; label: string } | null;
}

/** The milestone to work on: the first in plan order that is not completed and not locked. */
export function findNextMilestone(plan: LaunchPlan): PlanMilestone | null {
  return plan.milestones.find((milestone) => milestone.status !== "completed" && !milestone.lock.locked) ?? null;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function milestoneStep(plan: LaunchPlan): WalkthroughStep {
  const title = "Work on your next milestone";
  if (plan.milestones.length === 0) {
    return { id: "milestone", title, detail: "Your plan has no milestones yet.", done: false, link: { to: LAUNCH_PLAN_PATH, label: "Open the Launch Plan" } };
  }
  const next = findNextMilestone(plan);
  if (next) {
    const verb = next.status === "not_started" ? "Start" : "Complete";
    return { id: "milestone", title, detail: `${verb} ${next.title} (${next.percent}% done).`, done: false, link: { to: milestonePath(next.id), label: `Open ${next.title}` } };
  }
  const waiting = plan.milestones.find((milestone) => milestone.status !== "completed");
  if (waiting) {
    // Everything left is locked (a prerequisite that names no milestone locks for good).
    return { id: "milestone", title, detail: waiting.lock.reason ?? `${waiting.title} is locked.`, done: false, link: { to: milestonePath(waiting.id), label: `Open ${waiting.title}` } };
  }
  return { id: "milestone", title, detail: `All ${plural(plan.milestones.length, "milestone is", "milestones are")} complete.`, done: true, link: null };
}

export function courseStep(plan: LaunchPlan): WalkthroughStep {
  const title = "Continue a course";
  const next = findNextMilestone(plan);
  if (!next) {
    const allComplete = plan.milestones.length > 0 && plan.milestones.every((milestone) => milestone.status === "completed");
    const detail = allComplete ? "No milestone is waiting for a course." : "No milestone is open for a course yet.";
    return { id: "course", title, detail, done: allComplete, link: null };
  }
  const course = next.courses.find((item) => item.percent < 100);
  if (!course) return { id: "course", title, detail: `Every course of ${next.title} is complete.`, done: true, link: null };
  const verb = course.status === "not_started" ? "Start" : "Continue";
  return {
    id: "course",
    title,
    detail: `${verb} ${course.title} in ${next.title} (${course.percent}% done).`,
    done: false,
    link: { to: milestoneCoursePath(next.id, course.id), label: `${verb} ${course.title}` },
  };
}

export function configurationStep(configuration: Configuration): WalkthroughStep {
  const title = "Answer and submit the configuration questions";
  const { modules } = configuration;
  const next = modules.find((module) => module.submitted === null);
  if (next) {
    const progress = `${next.answered} of ${plural(next.questions.length, "question", "questions")} answered`;
    const detail = next.can_submit ? `${next.module} is ready to submit (${progress}).` : `Next: ${next.module} (${progress}).`;
    return { id: "configuration", title, detail, done: false, link: { to: CONFIGURATION_PATH, label: `Open the ${next.module} questions` } };
  }
  const detail = modules.length === 0 ? "Your plan has no configuration questions." : `All ${plural(modules.length, "module is", "modules are")} submitted.`;
  return { id: "configuration", title, detail, done: true, link: null };
}
