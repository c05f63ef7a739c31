/**
 * The readiness score: how ready an organization is to go live, from 0 to 100, explained. One
 * pure function turns the organization's facts into the score, a breakdown (each factor, its
 * weight, its points and what would raise it) and the one action that would raise it most. The
 * dashboard, the decision-maker dashboard and the employees' portfolio all show this answer.
 *
 * The weights, in one table (they add up to 100):
 *
 * | factor         | weight | full points when                                   | partial points                          |
 * |----------------|-------:|----------------------------------------------------|-----------------------------------------|
 * | launchpad      |     15 | every launchpad page is done (or does not apply)   | in proportion to the pages done         |
 * | nda            |     10 | the mutual NDA is signed                           | none                                    |
 * | subscription   |     10 | the primary estimate is locked                     | half while an estimate exists unlocked  |
 * | data           |      5 | a data connection is set up                        | none                                    |
 * | configuration  |     15 | every module of the plan is submitted              | in proportion to the modules submitted  |
 * | extensions     |      5 | every active extension's workspace is submitted    | in proportion; full with none active    |
 * | plan           |     20 | the Launch Plan's milestones are complete          | in proportion to the milestones done    |
 * | schedule       |     10 | progress keeps pace with the time to go-live       | in proportion to progress ÷ pace; none  |
 * |                |        |                                                    | without a go-live date                  |
 * | risks          |      5 | no open risk scores High or Critical               | a third less for each such risk         |
 * | overdue        |      5 | nothing open is past its due date                  | a fifth less for each overdue entry     |
 *
 * Points are rounded to one decimal, the score to a whole number.
 */

export const READINESS_FACTOR_IDS = ["launchpad", "nda", "subscription", "data", "configuration", "extensions", "plan", "schedule", "risks", "overdue"] as const;
export type ReadinessFactorId = (typeof READINESS_FACTOR_IDS)[number];

export const READINESS_WEIGHTS: Record<ReadinessFactorId, number> = {
  launchpad: 15,
  nda: 10,
  subscription: 10,
  data: 5,
  configuration: 15,
  extensions: 5,
  plan: 20,
  schedule: 10,
  risks: 5,
  overdue: 5,
};

export interface ReadinessFacts {
  /** Launchpad pages done (a page that does not apply counts), of all. */
  launchpad: { done: number; total: number };
  ndaSigned: boolean;
  estimate: "none" | "unlocked" | "locked";
  dataConnections: number;
  /** The plan's configuration modules submitted, of all. */
  configuration: { submitted: number; total: number };
  /** Active extensions' workspaces submitted, of the active extensions. */
  extensions: { submitted: number; active: number };
  /** The Launch Plan's progress, 0–100. */
  planPercent: number;
  /** When the organization joined (its plan's start) and the go-live date, YYYY-MM-DD. */
  planStartedOn: string | null;
  goLiveDate: string | null;
  /** Today in the organization's time zone, YYYY-MM-DD. */
  today: string;
  /** Open risks whose score is High or Critical (riskBand in action-log.ts). */
  openHighRisks: number;
  /** Open entries past their due date. */
  overdueEntries: number;
}

export interface ReadinessAction {
  label: string;
  route: string;
}

export interface ReadinessFactor {
  id: ReadinessFactorId;
  label: string;
  weight: number;
  points: number;
  /** What the facts say, in words ("8 of 10 pages done"). */
  detail: string;
  /** What would raise it; null when it has its full points. */
  action: ReadinessAction | null;
}

export interface Readiness {
  score: number;
  factors: ReadinessFactor[];
  /** The action of the factor with the most points to gain (the table's order breaks ties); null at 100. */
  nextAction: ReadinessAction | null;
}

const DAY_MS = 86_400_000;

function share(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.min(1, Math.max(0, part / whole));
}

/** Days from one calendar date (YYYY-MM-DD) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The share of the plan (0–1) done by today had it gone at an even pace from its start to the
 * go-live date: 0 before the start, all of it from the go-live date on; null without the dates.
 */
export function expectedShareByToday(startedOn: string | null, goLiveDate: string | null, today: string): number | null {
  if (startedOn === null || goLiveDate === null) return null;
  const span = daysBetween(startedOn, goLiveDate);
  return span <= 0 ? 1 : share(daysBetween(startedOn, today), span);
}

/** The progress the plan should have by today to go live on time, 0–100; null without the dates. */
export function expectedPlanPercent(startedOn: string | null, goLiveDate: string | null, today: string): number | null {
  const expected = expectedShareByToday(startedOn, goLiveDate, today);
  return expected === null ? null : Math.round(100 * expected);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type Scored = Omit<ReadinessFactor, "weight" | "points" | "action"> & { share: number; action: ReadinessAction };

/** The Launch Plan opens once the launchpad is complete: until then, that is what moves its factors. */
function planAction(facts: ReadinessFacts, action: ReadinessAction): ReadinessAction {
  return facts.launchpad.done < facts.launchpad.total ? { label: "Complete the launchpad to open the Launch Plan", route: "/dashboard" } : action;
}

function scheduleFactor(facts: ReadinessFacts): Scored {
  const expected = expectedPlanPercent(facts.planStartedOn, facts.goLiveDate, facts.today);
  if (expected === null) {
    return { id: "schedule", label: "On schedule", share: 0, detail: "No go-live date yet", action: { label: "Set the go-live date in Timeline Planning", route: "/timeline" } };
  }
  const onPace = expected === 0 ? 1 : share(facts.planPercent, expected);
  const detail = onPace >= 1 ? `On pace: ${facts.planPercent}% done, ${expected}% due by today` : `Behind: ${facts.planPercent}% done, ${expected}% due by today`;
  return { id: "schedule", label: "On schedule", share: onPace, detail, action: planAction(facts, { label: "Catch up on the Launch Plan's milestones", route: "/system-refinement" }) };
}

function scoreFactors(facts: ReadinessFacts): Scored[] {
  const { launchpad, configuration, extensions } = facts;
  const pagesLeft = launchpad.total - launchpad.done;
  return [
    {
      id: "launchpad",
      label: "Launchpad",
      share: share(launchpad.done, launchpad.total),
      detail: `${launchpad.done} of ${launchpad.total} pages done`,
      action: { label: `Complete the launchpad: ${plural(pagesLeft, "page", "pages")} left`, route: "/dashboard" },
    },
    {
      id: "nda",
      label: "Mutual NDA",
      share: facts.ndaSigned ? 1 : 0,
      detail: facts.ndaSigned ? "Signed" : "Not signed",
      action: { label: "Sign the mutual NDA", route: "/nda" },
    },
    {
      id: "subscription",
      label: "Subscription",
      share: facts.estimate === "locked" ? 1 : facts.estimate === "unlocked" ? 0.5 : 0,
      detail: facts.estimate === "locked" ? "Locked" : facts.estimate === "unlocked" ? "Estimated, not locked" : "No estimate yet",
      action:
        facts.estimate === "none"
          ? { label: "Create a pricing estimate", route: "/price" }
          : { label: "Agree the subscription so the provider can lock the estimate", route: "/price" },
    },
    {
      id: "data",
      label: "Data connection",
      share: facts.dataConnections > 0 ? 1 : 0,
      detail: facts.dataConnections > 0 ? plural(facts.dataConnections, "connection", "connections") : "None yet",
      action: { label: "Connect the system you migrate from", route: "/data-connection" },
    },
    {
      id: "configuration",
      label: "Configuration",
      share: share(configuration.submitted, configuration.total),
      detail: `${configuration.submitted} of ${plural(configuration.total, "module", "modules")} submitted`,
      // Configuration opens once the NDA is signed.
      action: facts.ndaSigned ? { label: "Answer and submit the configuration modules", route: "/configuration" } : { label: "Sign the mutual NDA to open Configuration", route: "/nda" },
    },
    {
      id: "extensions",
      label: "Extensions",
      share: extensions.active === 0 ? 1 : share(extensions.submitted, extensions.active),
      detail: extensions.active === 0 ? "None active" : `${extensions.submitted} of ${extensions.active} workspaces submitted`,
      action: { label: "Prepare and submit the active extensions' workspaces", route: "/extensions" },
    },
    {
      id: "plan",
      label: "Launch Plan",
      share: share(facts.planPercent, 100),
      detail: `${facts.planPercent}% complete`,
      action: planAction(facts, { label: "Work through the Launch Plan's next milestone", route: "/system-refinement" }),
    },
    scheduleFactor(facts),
    {
      id: "risks",
      label: "High risks",
      share: Math.max(0, 1 - facts.openHighRisks / 3),
      detail: facts.openHighRisks === 0 ? "None open" : `${plural(facts.openHighRisks, "risk", "risks")} High or Critical`,
      action: { label: "Mitigate or close the High and Critical risks", route: "/risks" },
    },
    {
      id: "overdue",
      label: "Overdue items",
      share: Math.max(0, 1 - facts.overdueEntries / 5),
      detail: facts.overdueEntries === 0 ? "None" : `${plural(facts.overdueEntries, "entry", "entries")} overdue`,
      action: { label: "Finish or reschedule the overdue entries", route: "/tasks" },
    },
  ];
}

const roundToTenth = (value: number) => Math.round(value * 10) / 10;

/** The organization's readiness score, its breakdown and the action that would raise it most. */
export function computeReadiness(facts: ReadinessFacts): Readiness {
  const factors = scoreFactors(facts).map(({ share: part, action, ...rest }): ReadinessFactor => {
    const weight = READINESS_WEIGHTS[rest.id];
    const points = roundToTenth(weight * part);
    return { ...rest, weight, points, action: points < weight ? action : null };
  });
  let next: ReadinessFactor | null = null;
  for (const factor of factors) {
    if (factor.action && (next === null || factor.weight - factor.points > next.weight - next.points)) next = factor;
  }
  return {
    score: Math.round(factors.reduce((sum, factor) => sum + factor.points, 0)),
    factors,
    nextAction: next?.action ?? null,
  };
}
