import type { ChecklistItem, Dashboard, OnboardingMilestone, TrialStatus } from "#common/contracts/dashboard";
import { type AccessDecision, type AccessFacts, checkItemAccess } from "#common/domain/access";
import { decidePlanInclusion, sortMilestonesByPosition } from "#common/domain/launch-plan";
import { resolvePlanScope } from "#common/domain/launch-plan-scope";
import { LAUNCHPAD_PAGES, type LaunchpadPage, type LaunchpadReadings, computeLaunchpadReadings, launchpadPageStatus } from "#common/domain/launchpad";
import { describeNdaStatus, isNdaSigned, readNdaStatus } from "#common/domain/nda-status";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Database } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { type LaunchpadFactsRow, selectLaunchpadFacts } from "#server/queries/launchpad-facts.queries";
import { selectMilestoneScopeRows, selectPlanScopeFacts } from "#server/queries/launch-plan-scope.queries";
import { type LaunchpadProgressRow, selectLaunchpadProgress } from "#server/queries/launchpad-progress.queries";

export interface DashboardDeps {
  db: Database;
  access: AccessSettings;
}

/** The organization's launchpad facts with the readings the launchpad computes from them. */
type LaunchpadState = LaunchpadFactsRow & LaunchpadReadings<LaunchpadProgressRow>;

async function readLaunchpadState(db: Database, organizationId: string): Promise<LaunchpadState> {
  const facts = await selectLaunchpadFacts(db, organizationId);
  if (!facts) throw new AppError("not_found", "Organization not found");
  return { ...facts, ...computeLaunchpadReadings(facts, await selectLaunchpadProgress(db, organizationId)) };
}

const NDA_PAGE = LAUNCHPAD_PAGES.find((page) => page.id === "nda") as LaunchpadPage;

/** The trial's two conditions (spec §4), each with what it means for the reader now: a member acts, an employee is told. */
function presentTrialStatus(state: LaunchpadState, isEmployee: boolean): TrialStatus {
  const { ndaSigned, estimateExists } = state.flags;
  const who = isEmployee ? "The organization" : "Your organization";
  return {
    enabled: state.trialEnabled,
    conditions: [
      {
        id: "nda-signed",
        label: "NDA signed",
        met: ndaSigned,
        description: ndaSigned ? `${who} has signed the mutual NDA.` : isEmployee ? "The organization has not signed the mutual NDA yet." : "Sign the mutual NDA on the NDA page.",
      },
      {
        id: "estimate-exists",
        label: "Pricing estimate",
        met: estimateExists,
        description: estimateExists
          ? `${who} has a pricing estimate.`
          : isEmployee
            ? "The organization has no pricing estimate yet: create one on the Subscription Price page."
            : "Create a pricing estimate on the Subscription Price page.",
      },
    ],
  };
}

export async function getTrialStatus(db: Database, organizationId: string, caller: Caller): Promise<TrialStatus> {
  return presentTrialStatus(await readLaunchpadState(db, organizationId), caller.isEmployee);
}

function presentChecklistItem(page: LaunchpadPage, state: LaunchpadState, decision: AccessDecision): ChecklistItem {
  const status = launchpadPageStatus(state, page.id);
  const lockedReason = status === "incomplete" && !decision.allowed ? decision.reason : null;
  return {
    id: page.id,
    label: page.label,
    route: page.route,
    status: lockedReason ? "locked" : status,
    locked_reason: lockedReason,
    completed_at: state.completed.has(page.id) ? (state.rows.get(page.id)?.completedAt?.toISOString() ?? null) : null,
  };
}

/**
 * The first incomplete page, in order, that the user may open. A page waiting for the NDA sends
 * the user to the NDA page instead (when they may open it); null once every page is complete.
 */
function findNextStep(state: LaunchpadState, facts: AccessFacts): LaunchpadPage | null {
  for (const page of LAUNCHPAD_PAGES) {
    if (state.done.has(page.id)) continue;
    if (checkItemAccess(page.id, facts).allowed) return page;
    const waitsForNda = !facts.ndaSigned && checkItemAccess(page.id, { ...facts, ndaSigned: true }).allowed;
    if (waitsForNda && !state.completed.has("nda") && checkItemAccess("nda", facts).allowed) return NDA_PAGE;
  }
  return null;
}

/**
 * Once the launchpad is done, the next step is on the Launch Plan: its first milestone, in the
 * curriculum's order, that the organization's plan holds and has not completed.
 */
async function findNextMilestone(db: Database, organizationId: string): Promise<Dashboard["next_step"]> {
  const [scopeFacts, rows] = await Promise.all([selectPlanScopeFacts(db, organizationId), selectMilestoneScopeRows(db, organizationId)]);
  const scope = resolvePlanScope(scopeFacts);
  const inPlan = rows.filter((row) => decidePlanInclusion({ modules: row.modules, scope, override: row.override }).included);
  const next = sortMilestonesByPosition(inPlan).find((row) => row.status !== "completed");
  return next ? { kind: "launch_plan", id: next.id, label: next.title, route: `/milestone/${next.id}` } : null;
}

async function decideNextStep(deps: DashboardDeps, organizationId: string, state: LaunchpadState, facts: AccessFacts): Promise<Dashboard["next_step"]> {
  const page = findNextStep(state, facts);
  if (page) return { kind: "launchpad", id: page.id, label: page.label, route: page.route };
  const everyPageDone = LAUNCHPAD_PAGES.every((candidate) => state.done.has(candidate.id));
  return everyPageDone && checkItemAccess("system-refinement", facts).allowed ? findNextMilestone(deps.db, organizationId) : null;
}

/** Configuration is done on /configuration (not a launchpad page), which waits for the NDA. */
function presentConfigurationMilestone(met: boolean, decision: ReturnType<typeof checkItemAccess>): OnboardingMilestone {
  return {
    id: "configuration-submitted",
    label: "Configuration submitted",
    met,
    route: decision.allowed ? "/configuration" : null,
    note: met || decision.allowed ? null : decision.reason,
  };
}

/** The flag reading's four milestones, each with the page where it is done when the user may open it. */
function presentMilestones(state: LaunchpadState, facts: AccessFacts): OnboardingMilestone[] {
  const { ndaSigned, estimateExists, dataConnectionExists, configurationSubmitted } = state.flags;
  const onPage = (id: OnboardingMilestone["id"], label: string, met: boolean, pageId: LaunchpadPage["id"]): OnboardingMilestone => {
    const page = LAUNCHPAD_PAGES.find((candidate) => candidate.id === pageId) as LaunchpadPage;
    const decision = checkItemAccess(page.id, facts);
    return { id, label, met, route: decision.allowed ? page.route : null, note: met || decision.allowed ? null : decision.reason };
  };
  return [
    onPage("nda-signed", "NDA signed", ndaSigned, "nda"),
    onPage("estimate-created", "Pricing estimate created", estimateExists, "subscription-price"),
    onPage("data-connection", "Data connection set up", dataConnectionExists, "data-setup"),
    presentConfigurationMilestone(configurationSubmitted, checkItemAccess("configuration", facts)),
  ];
}

/** Everything the dashboard shows, from one read of the launchpad and one of the access facts. */
export async function getDashboard(deps: DashboardDeps, organizationId: string, caller: Caller): Promise<Dashboard> {
  const state = await readLaunchpadState(deps.db, organizationId);
  const facts = await loadAccessFacts(deps.db, caller, organizationId, deps.access);
  const next = await decideNextStep(deps, organizationId, state, facts);
  const signed = isNdaSigned(state.ndaStatus);
  const ndaStatus = readNdaStatus(state.ndaStatus);
  return {
    organization_name: state.organizationName,
    page_percent: state.pagePercent,
    flag_percent: state.flagPercent,
    milestones: presentMilestones(state, facts),
    checklist: LAUNCHPAD_PAGES.map((page) => presentChecklistItem(page, state, checkItemAccess(page.id, facts))),
    nda: {
      signed,
      status: ndaStatus,
      status_text: describeNdaStatus(ndaStatus, { isEmployee: caller.isEmployee, organizationName: state.organizationName }),
      action: caller.isEmployee ? (ndaStatus === "signed-by-prospect" ? "countersign" : "view") : signed ? "view" : "sign",
      signed_at: signed ? (state.ndaSignedAt?.toISOString() ?? null) : null,
    },
    trial: presentTrialStatus(state, caller.isEmployee),
    next_step: next,
  };
}
