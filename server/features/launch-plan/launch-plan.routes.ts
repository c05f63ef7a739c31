import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  LAUNCH_PLAN_MESSAGES,
  completeMilestoneRoute,
  getCourseRoute,
  getLaunchPlanRoute,
  getTeamProgressRoute,
  getLessonRoute,
  getTopicRoute,
  overrideMilestoneRoute,
  setTopicProgressRoute,
  startMilestoneRoute,
} from "#common/contracts/launch-plan";
import { requireCaller } from "#server/auth/access-guards";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { getCourseDetail, getLaunchPlan, getLessonDetail, getTeamProgress, getTopicDetail } from "./launch-plan.service.ts";
import { changeMilestoneStatus, overrideMilestone, recordTopicProgress } from "./progress.service.ts";

const idSchema = z.uuid();

/** An id that cannot exist is answered like an unknown one (§8's texts): 404, never a database error. */
function pathId(c: Context<AppEnv>, name: string, notFound: string): string {
  const parsed = idSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw new AppError("not_found", notFound);
  return parsed.data;
}

export function registerLaunchPlanRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: { db: Database }) {
  const { db } = deps;
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
  bindRoute(router, getTopicRoute, guard, ({ c }) => getTopicDetail(db, organizationOf(c), requireCaller(c), topicId(c)));
  bindRoute(router, setTopicProgressRoute, guard, ({ c, body }) => recordTopicProgress(db, organizationOf(c), requireCaller(c), topicId(c), body.status));
  bindRoute(router, startMilestoneRoute, guard, ({ c }) => changeMilestoneStatus(db, organizationOf(c), milestoneId(c), "start", c.get("logger")));
  bindRoute(router, completeMilestoneRoute, guard, ({ c }) => changeMilestoneStatus(db, organizationOf(c), milestoneId(c), "complete", c.get("logger")));
  bindRoute(router, overrideMilestoneRoute, guard, ({ c, body }) => overrideMilestone(db, organizationOf(c), requireCaller(c), milestoneId(c), body.override));
}
