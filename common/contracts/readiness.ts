import { z } from "zod";
import { READINESS_FACTOR_IDS, type Readiness } from "../domain/readiness-score.ts";
import { defineRoute } from "./http.ts";

/**
 * The readiness score as the API answers it (common/domain/readiness-score.ts): the score, each
 * factor with its weight, points and what would raise it, and the action that would raise it most.
 * The dashboard, the decision-maker dashboard and the portfolio answer it alike.
 */

export const readinessActionSchema = z.object({ label: z.string(), route: z.string() });

export const readinessFactorSchema = z.object({
  id: z.enum(READINESS_FACTOR_IDS),
  label: z.string(),
  weight: z.number(),
  points: z.number(),
  detail: z.string(),
  action: readinessActionSchema.nullable(),
});

export const readinessSchema = z.object({
  score: z.number().int().min(0).max(100),
  factors: z.array(readinessFactorSchema),
  next_action: readinessActionSchema.nullable(),
});
export type ReadinessAnswer = z.infer<typeof readinessSchema>;

export function presentReadiness(readiness: Readiness): ReadinessAnswer {
  return { score: readiness.score, factors: readiness.factors.map((factor) => ({ ...factor })), next_action: readiness.nextAction };
}

export const getReadinessRoute = defineRoute({
  id: "getReadiness",
  method: "get",
  path: "/api/readiness",
  summary: "The organization's readiness score, its breakdown and the action that would raise it most",
  tag: "Dashboard",
  access: "organization",
  item: "dashboard",
  response: readinessSchema,
});
