import { riskBand, scoreStoredRisk } from "./action-log.ts";
import { readBusinessAspects } from "./business-aspects.ts";
import { type PlanOverride, decidePlanInclusion, sortMilestonesByPosition } from "./launch-plan.ts";
import { type QuestionPlacement, choosePlanPlacements, resolvePlanScope } from "./launch-plan-scope.ts";
import { LAUNCHPAD_PAGES, findDonePages } from "./launchpad.ts";
import { isNdaSigned } from "./nda-status.ts";
import { type Readiness, type ReadinessFacts, computeReadiness, daysBetween } from "./readiness-score.ts";

/**
 * An organization's progress as the readiness score, the dashboards and the employees' portfolio
 * read it, from its stored facts (decoded, one row per organization) and the curriculum (the same
 * for every organization): the launchpad, the plan's milestones and configuration modules, risks.
 */

export interface StoredProgressFacts {
  today: string;
  joinedOn: string;
  ndaStatus: string | null;
  completedPages: readonly string[];
  businessAspects: unknown;
  goLiveDate: string | null;
  /** Null without a primary estimate. */
  primaryLocked: boolean | null;
  lockedModules: readonly string[] | null;
  primaryModules: readonly string[] | null;
  dataConnections: number;
  submittedModules: readonly string[];
  milestoneStates: readonly { id: string; status: string; override: PlanOverride | null }[];
  /** [impact, likelihood] of each open risk, as stored. */
  openRisks: readonly (readonly [unknown, unknown])[];
  overdueEntries: number;
  /** Active extensions that have a workspace to prepare, and those whose workspace is submitted. */
  extensions: { submitted: number; active: number };
}

export interface CurriculumOutline {
  milestones: readonly { id: string; title: string; position: number | null; modules: readonly string[] }[];
  placements: readonly (QuestionPlacement & { module: string })[];
}

export interface PlanMilestoneProgress {
  id: string;
  title: string;
  completed: boolean;
}

export interface OrganizationProgress {
  facts: ReadinessFacts;
  readiness: Readiness;
  launchpadPercent: number;
  /** The plan's milestones in order, each completed or not. */
  milestones: PlanMilestoneProgress[];
  /** Days from today to the go-live date (negative once past); null without one. */
  daysToGoLive: number | null;
}

/** Open risks scoring High or Critical (a risk without a likelihood has no score yet). */
export function countHighRisks(openRisks: StoredProgressFacts["openRisks"]): number {
  return openRisks.filter(([impact, likelihood]) => {
    const score = scoreStoredRisk(impact, likelihood);
    return score !== null && (riskBand(score) === "High" || riskBand(score) === "Critical");
  }).length;
}

export function deriveOrganizationProgress(stored: StoredProgressFacts, curriculum: CurriculumOutline): OrganizationProgress {
  const aspects = readBusinessAspects(stored.businessAspects);
  const donePages = findDonePages(stored.completedPages, aspects);
  const scope = resolvePlanScope({ lockedEstimateModules: stored.lockedModules, primaryEstimateModules: stored.primaryModules, businessAspects: stored.businessAspects });
  const states = new Map(stored.milestoneStates.map((state) => [state.id, state]));
  const milestoneRows = curriculum.milestones.map((milestone) => ({ ...milestone, override: states.get(milestone.id)?.override ?? null }));
  const planned = sortMilestonesByPosition(milestoneRows.filter((row) => decidePlanInclusion({ modules: row.modules, scope, override: row.override }).included));
  const milestones = planned.map((row) => ({ id: row.id, title: row.title, completed: states.get(row.id)?.status === "completed" }));
  const completedCount = milestones.filter((milestone) => milestone.completed).length;
  const modules = new Set(choosePlanPlacements(curriculum.placements, scope, milestoneRows).map((placement) => placement.module));
  const submitted = new Set(stored.submittedModules);
  const facts: ReadinessFacts = {
    launchpad: { done: donePages.size, total: LAUNCHPAD_PAGES.length },
    ndaSigned: isNdaSigned(stored.ndaStatus),
    estimate: stored.primaryLocked === null ? "none" : stored.primaryLocked ? "locked" : "unlocked",
    dataConnections: stored.dataConnections,
    configuration: { submitted: [...modules].filter((module) => submitted.has(module)).length, total: modules.size },
    extensions: stored.extensions,
    planPercent: milestones.length === 0 ? 0 : Math.round((100 * completedCount) / milestones.length),
    planStartedOn: stored.joinedOn,
    goLiveDate: stored.goLiveDate,
    today: stored.today,
    openHighRisks: countHighRisks(stored.openRisks),
    overdueEntries: stored.overdueEntries,
  };
  return {
    facts,
    readiness: computeReadiness(facts),
    launchpadPercent: Math.round((100 * donePages.size) / LAUNCHPAD_PAGES.length),
    milestones,
    daysToGoLive: stored.goLiveDate === null ? null : daysBetween(stored.today, stored.goLiveDate),
  };
}
