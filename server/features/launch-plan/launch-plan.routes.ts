import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  LAUNCH_PLAN_MESSAGES,
  completeMilestoneEarlyRoute,
  completeMilestoneRoute,
  getCourseRoute,
  getLaunchPlanRoute,
  getMilestoneHistoryRoute,
  getTeamProgressRoute,
  getLessonRoute,
  getTopicRoute,
  overrideMilestoneRoute,
  reopenMilestoneRoute,
  setTopicProgressRoute,
  startMilestoneRoute,
} from "#common/contracts/launch-plan";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import type { Storage } from "#server/storage/storage";
import { getCourseDetail, getLaunchPlan, getLessonDetail, getTeamProgress, getTopicDetail } from "./launch-plan.service.ts";
import { type MilestoneChange, changeMilestoneStatus, getMilestoneHistory, overrideMilestone } from "./milestone-status.service.ts";
import { recordTopicProgress } from "./progress.service.ts";

const idSchema = z.uuid();

/** An id that cannot exist is answered like an unknown one (§8's texts): 404, never a database error. */
function pathId(c: Context<AppEnv>, name: string, notFound: string): string {
  const parsed = idSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw new AppError("not_found", notFound);
  return parsed.data;
}

export function registerLaunchPlanRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: { db: Database; storage: Storage }) {
  const { db, storage } = deps;
  const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
  const milestoneId = (c: Context<AppEnv>) => pathId(c, "milestoneId", LAUNCH_PLAN_MESSAGES.milestoneNotFound);
  const topicId = (c: Context<AppEnv>) => pathId(c, "topicId", LAUNCH_PLAN_MESSAGES.topicNotFound);
  bindRoute(router, getLaunchPlanRoute, guard, ({ c }) => getLaunchPlan(db, organizationOf(c), requireCaller(c)));
  bindRoute(router, getTeamProgressRoute, guard, ({ c }) => getTeamProgress(db, organizationOf(c)));
  bindRoute(router, getCourseRoute, guard, ({ c }) =>
    getCourseDetail(db, organizationOf(c), requireCaller(c), pathId(c, "courseId", LAUNCH_PLAN_MESSAGES.courseNotFound)),
  );
  bindRoute(router, getLessonRoute, guard, ({ c }) =>
    getLessonDetail(db, organizationOf(c), requireCaller(c), pathId(c, "lessonId", LAUNCH_PLAN_MESSAGES.lessonNotFound)),
  );
  bindRoute(router, getTopicRoute, guard, ({ c }) => getTopicDetail(db, organizationOf(c), requireCaller(c), topicId(c), storage));
  bindRoute(router, setTopicProgressRoute, guard, ({ c, body }) => recordTopicProgress(db, organizationOf(c), requireCaller(c), topicId(c), body.status));
  const changeStatus = (c: Context<AppEnv>, change: MilestoneChange) =>
    changeMilestoneStatus(db, organizationOf(c), requireCaller(c), milestoneId(c), change, c.get("logger"));
  bindRoute(router, startMilestoneRoute, guard, ({ c }) => changeStatus(c, { action: "start" }));
  bindRoute(router, completeMilestoneRoute, guard, ({ c }) => changeStatus(c, { action: "complete", confirmEarly: false }));
  bindRoute(router, completeMilestoneEarlyRoute, guard, ({ c }) => changeStatus(c, { action: "complete", confirmEarly: true }));
  bindRoute(router, reopenMilestoneRoute, guard, ({ c, body }) => changeStatus(c, { action: "reopen", reason: body.reason }));
  bindRoute(router, getMilestoneHistoryRoute, guard, ({ c }) => getMilestoneHistory(db, organizationOf(c), milestoneId(c)));
  bindRoute(router, overrideMilestoneRoute, guard, ({ c, body }) => overrideMilestone(db, organizationOf(c), requireCaller(c), milestoneId(c), body.override));
}
