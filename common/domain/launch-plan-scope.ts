import { readBusinessAspects } from "./business-aspects.ts";
import { type PlanOverride, type PlanScope, decidePlanInclusion } from "./launch-plan.ts";

/**
 * Which ERP modules an organization's launch plan serves (issue: "scoped by the locked estimate"):
 * the modules of its locked estimate; before a lock, of its primary estimate; with no estimate, the
 * modules its business-aspects answer names. Milestones and courses naming none of them leave the
 * plan (decidePlanInclusion).
 */
export interface PlanScopeFacts {
  /** The active lines' modules of the locked estimate, or null when none is locked. */
  lockedEstimateModules: readonly string[] | null;
  /** The same of the primary estimate, or null when there is none. */
  primaryEstimateModules: readonly string[] | null;
  /** The newest submitted business-aspects answer, as stored. */
  businessAspects: unknown;
}

/** Business aspects are named as customers say them; the catalog's module names differ for one. */
const MODULES_OF_ASPECT: Readonly<Record<string, readonly string[]>> = {
  ecommerce: ["Commerce", "Commerce Connectors"],
  manufacturing: ["Manufacturing"],
  distribution: ["Distribution"],
};

export function modulesOfBusinessAspects(aspects: readonly string[]): string[] {
  return aspects.flatMap((aspect) => MODULES_OF_ASPECT[aspect.trim().toLowerCase()] ?? [aspect.trim()]);
}

export function resolvePlanScope(facts: PlanScopeFacts): PlanScope {
  if (facts.lockedEstimateModules) return { source: "locked_estimate", modules: facts.lockedEstimateModules };
  if (facts.primaryEstimateModules) return { source: "estimate", modules: facts.primaryEstimateModules };
  const aspects = readBusinessAspects(facts.businessAspects);
  if (aspects.length > 0) return { source: "business_aspects", modules: modulesOfBusinessAspects(aspects) };
  return { source: "none", modules: [] };
}

/** Where a configuration question sits: once per milestone and course that reach it. */
export interface QuestionPlacement {
  key: string;
  milestoneId: string;
  courseId: string;
  courseModules: readonly string[];
}

/**
 * The placements of the organization's plan: those in a course of a milestone where both the
 * milestone (with its override) and the course are in the plan. Each question once, in order.
 */
export function choosePlanPlacements<P extends QuestionPlacement>(
  placements: readonly P[],
  scope: PlanScope,
  milestones: readonly { id: string; modules: readonly string[]; override: PlanOverride | null }[],
): P[] {
  const milestoneInPlan = new Map(milestones.map((row) => [row.id, decidePlanInclusion({ modules: row.modules, scope, override: row.override }).included]));
  const courseInPlan = new Map<string, boolean>();
  const chosen = new Map<string, P>();
  for (const placement of placements) {
    if (chosen.has(placement.key) || !milestoneInPlan.get(placement.milestoneId)) continue;
    let included = courseInPlan.get(placement.courseId);
    if (included === undefined) {
      included = decidePlanInclusion({ modules: placement.courseModules, scope, override: null }).included;
      courseInPlan.set(placement.courseId, included);
    }
    if (included) chosen.set(placement.key, placement);
  }
  return [...chosen.values()];
}
