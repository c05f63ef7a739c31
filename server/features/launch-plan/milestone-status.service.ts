import type { Logger } from "pino";
import { LAUNCH_PLAN_MESSAGES, type MilestoneHistory } from "#common/contracts/launch-plan";
import { type MilestoneStatus, type PlanScope, nextMilestoneStatus } from "#common/domain/launch-plan";
import {
  type CourseTally,
  type MilestoneHistoryEvent,
  canReopenMilestone,
  describeCoursesLeft,
  isEarlyCompletion,
} from "#common/domain/milestone-completion";
import type { Database, Queryable } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { type PlanMilestoneRow, selectLessonCounts, selectMilestoneCourseRows, selectPlanMilestoneRows } from "./launch-plan.queries.ts";
import { loadPlanScope } from "./launch-plan.service.ts";
import { insertMilestoneHistory, selectMilestoneHistory, upsertMilestoneOverride, upsertMilestoneStatus } from "./milestone-status.queries.ts";
import { decideMilestones, tallyMilestoneCourses } from "./plan-model.ts";

interface MilestoneStatusAnswer {
  milestone_id: string;
  status: MilestoneStatus;
  completed_at: string | null;
}

/** What is asked of a milestone: completing says whether an early completion was confirmed; reopening says why. */
export type MilestoneChange = { action: "start" } | { action: "complete"; confirmEarly: boolean } | { action: "reopen"; reason: string };

function answerOf(milestoneId: string, stored: { status: MilestoneStatus; completedAt: Date | null }): MilestoneStatusAnswer {
  return { milestone_id: milestoneId, status: stored.status, completed_at: stored.completedAt?.toISOString() ?? null };
}

/** The milestone among the plan's, or 404 when it does not exist or is outside the plan. */
async function findPlanMilestone(db: Queryable, organizationId: string, milestoneId: string) {
  const [scope, rows] = await Promise.all([loadPlanScope(db, organizationId), selectPlanMilestoneRows(db, organizationId)]);
  const milestone = rows.find((row) => row.id === milestoneId);
  const { inclusion, locks } = decideMilestones(rows, scope);
  if (!milestone || !inclusion.get(milestoneId)?.included) throw new AppError("not_found", LAUNCH_PLAN_MESSAGES.milestoneNotFound);
  return { scope, milestone, lock: locks.get(milestoneId) };
}

/** How many of the milestone's planned courses the caller has complete, as their page shows it. */
async function tallyCallerCourses(db: Queryable, organizationId: string, caller: Caller, milestone: PlanMilestoneRow, scope: PlanScope): Promise<CourseTally> {
  const courseRows = (await selectMilestoneCourseRows(db)).filter((row) => row.milestoneId === milestone.id);
  if (courseRows.length === 0) return { complete: 0, total: 0 };
  const counts = await selectLessonCounts(db, organizationId, caller.userId, courseRows.map((row) => row.courseId), { onlyWithProgress: true });
  return tallyMilestoneCourses(milestone.id, scope, courseRows, counts);
}

/**
 * Starts, completes or reopens a milestone of the plan; doing it twice changes nothing. A locked
 * one is refused with its reason (409, §5) and one outside the plan is not found. Completing while
 * some of the caller's courses are not complete needs `confirmEarly`: without it, 409 saying what
 * is left, with the counts in the details. Reopening is for organization admins and employees
 * (403), needs no lock check (it corrects, it does not move on), and keeps every progress row.
 * Completions and reopenings go to the milestone's history with the caller's tally.
 */
export async function changeMilestoneStatus(
  db: Database,
  organizationId: string,
  caller: Caller,
  milestoneId: string,
  change: MilestoneChange,
  logger: Logger,
): Promise<MilestoneStatusAnswer> {
  if (change.action === "reopen" && !canReopenMilestone(caller)) throw new AppError("forbidden", LAUNCH_PLAN_MESSAGES.reopenNotAllowed);
  return db.transaction(async (tx) => {
    const { scope, milestone, lock } = await findPlanMilestone(tx, organizationId, milestoneId);
    if (change.action !== "reopen" && lock?.locked) throw new AppError("conflict", lock.reason);
    const next = nextMilestoneStatus(milestone.status, change.action);
    if (!next) return answerOf(milestoneId, milestone);
    let event: MilestoneHistoryEvent | null = null;
    let tally: CourseTally = { complete: 0, total: 0 };
    if (change.action !== "start") {
      tally = await tallyCallerCourses(tx, organizationId, caller, milestone, scope);
      const early = change.action === "complete" && isEarlyCompletion(tally);
      if (early && !change.confirmEarly) {
        throw new AppError("conflict", describeCoursesLeft(tally), { courses_complete: tally.complete, courses_total: tally.total });
      }
      event = change.action === "reopen" ? "reopened" : early ? "completed_early" : "completed";
    }
    const stored = await upsertMilestoneStatus(tx, organizationId, milestoneId, next, new Date());
    if (event) {
      const reason = change.action === "reopen" ? change.reason : null;
      await insertMilestoneHistory(tx, organizationId, { milestoneId, event, actor: caller.userId, reason, tally });
    }
    // The event the completion always published: other open pages refetch the plan (and the history under its key).
    await publishEvent(tx, organizationId, { type: "launchPlanChanged", organizationId });
    logger.info({ organizationId, milestoneId, status: next, event }, "milestone status changed");
    return answerOf(milestoneId, stored);
  });
}

/** An employee adds a milestone to one organization's plan or removes it; null follows the rule again. */
export async function overrideMilestone(db: Database, organizationId: string, caller: Caller, milestoneId: string, override: "include" | "exclude" | null): Promise<MilestoneStatusAnswer> {
  return db.transaction(async (tx) => {
    const rows = await selectPlanMilestoneRows(tx, organizationId);
    if (!rows.some((row) => row.id === milestoneId)) throw new AppError("not_found", LAUNCH_PLAN_MESSAGES.milestoneNotFound);
    const stored = await upsertMilestoneOverride(tx, organizationId, milestoneId, override, caller.userId, new Date());
    await publishEvent(tx, organizationId, { type: "launchPlanChanged", organizationId });
    return answerOf(milestoneId, stored);
  });
}

/** GET …/milestones/:id/history: the organization's completions and reopenings of a plan milestone, newest first. */
export async function getMilestoneHistory(db: Queryable, organizationId: string, milestoneId: string): Promise<MilestoneHistory> {
  await findPlanMilestone(db, organizationId, milestoneId);
  const rows = await selectMilestoneHistory(db, organizationId, milestoneId);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      event: row.event,
      at: row.at.toISOString(),
      by_name: row.byName,
      reason: row.reason,
      course_tally: { complete: row.coursesComplete, total: row.coursesTotal },
    })),
  };
}
