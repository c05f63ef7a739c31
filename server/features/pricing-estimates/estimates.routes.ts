import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  createEstimateRoute,
  createQuickEstimateRoute,
  deleteEstimateRoute,
  getEstimateComparisonRoute,
  getEstimateRoute,
  getPrimaryEstimateRoute,
  getSubscriptionPlanRoute,
  listEstimatesRoute,
  lockEstimateRoute,
  setEstimateApprovalRoute,
  setPrimaryEstimateRoute,
  unlockEstimateRoute,
  updateEstimateRoute,
} from "#common/contracts/pricing-estimates";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { deleteEstimate, lockEstimate, setEstimateApproval, setPrimaryEstimate, unlockEstimate } from "./estimate-actions.service.ts";
import { createEstimate, createQuickEstimate, updateEstimate } from "./estimate-saving.service.ts";
import {
  ESTIMATE_NOT_FOUND,
  type EstimateDeps,
  getEstimate,
  getEstimateComparison,
  getPrimaryEstimate,
  getSubscriptionPlan,
  listEstimates,
} from "./estimates.service.ts";

const estimateIdSchema = z.uuid();

/** An id that cannot exist is answered like an unknown one: 404, never a database error. */
function estimateId(c: Context<AppEnv>): string {
  const parsed = estimateIdSchema.safeParse(c.req.param("estimateId"));
  if (!parsed.success) throw new AppError("not_found", ESTIMATE_NOT_FOUND);
  return parsed.data;
}

export function registerEstimateRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: EstimateDeps) {
  const { db } = deps;
  const organizationOf = (c: Context<AppEnv>) => c.get("organizationId");
  bindRoute(router, listEstimatesRoute, guard, ({ c }) => listEstimates(db, organizationOf(c)));
  bindRoute(router, getPrimaryEstimateRoute, guard, ({ c }) => getPrimaryEstimate(db, organizationOf(c)));
  bindRoute(router, getEstimateComparisonRoute, guard, ({ c }) => getEstimateComparison(db, organizationOf(c)));
  bindRoute(router, getSubscriptionPlanRoute, guard, ({ c }) => getSubscriptionPlan(db, organizationOf(c)));
  bindRoute(router, getEstimateRoute, guard, ({ c }) => getEstimate(db, organizationOf(c), estimateId(c)));
  bindRoute(router, createEstimateRoute, guard, ({ c, body }) => createEstimate(deps, organizationOf(c), requireCaller(c), body));
  bindRoute(router, createQuickEstimateRoute, guard, ({ c, body }) => createQuickEstimate(deps, organizationOf(c), requireCaller(c), body));
  bindRoute(router, updateEstimateRoute, guard, ({ c, body }) => updateEstimate(deps, organizationOf(c), requireCaller(c), estimateId(c), body));
  bindRoute(router, deleteEstimateRoute, guard, ({ c }) => deleteEstimate(deps, organizationOf(c), requireCaller(c), estimateId(c)));
  bindRoute(router, setPrimaryEstimateRoute, guard, ({ c }) => setPrimaryEstimate(deps, organizationOf(c), requireCaller(c), estimateId(c)));
  bindRoute(router, lockEstimateRoute, guard, ({ c }) => lockEstimate(deps, organizationOf(c), requireCaller(c), estimateId(c)));
  // Employee-only, acting for the organization the employee names: the guard resolves it.
  bindRoute(router, unlockEstimateRoute, guard, ({ c }) => unlockEstimate(deps, organizationOf(c), requireCaller(c), estimateId(c)));
  bindRoute(router, setEstimateApprovalRoute, guard, ({ c, body }) =>
    setEstimateApproval(deps, organizationOf(c), requireCaller(c), estimateId(c), body.approved),
  );
}
