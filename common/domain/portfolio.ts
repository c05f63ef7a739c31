import type { OrganizationProgress } from "./organization-progress.ts";

/**
 * The employees' portfolio (issue: "Portfolio for employees"): what marks an organization for
 * attention. Rules here, so the page's filters and the tests read the same ones.
 */

/** Days without any activity after which an organization counts as stalled. */
export const STALLED_AFTER_DAYS = 14;
/** A score under this is at risk whatever else holds. */
export const AT_RISK_SCORE = 40;
/** Overdue entries from which an organization is at risk. */
export const AT_RISK_OVERDUE = 3;

export const PORTFOLIO_FLAGS = ["at_risk", "going_live_this_month", "stalled"] as const;
export type PortfolioFlag = (typeof PORTFOLIO_FLAGS)[number];

export const PORTFOLIO_FLAG_LABELS: Record<PortfolioFlag, string> = {
  at_risk: "At risk",
  going_live_this_month: "Going live this month",
  stalled: `Stalled for ${STALLED_AFTER_DAYS} days`,
};

export interface PortfolioFacts {
  progress: Pick<OrganizationProgress, "readiness" | "daysToGoLive"> & { facts: { openHighRisks: number; overdueEntries: number; today: string; goLiveDate: string | null } };
  /** The newest event of the organization; null when it has none. */
  lastActivityAt: Date | null;
  /** When the organization joined (YYYY-MM-DD), for one with no activity at all. */
  joinedOn: string;
}

function isBehindSchedule(progress: PortfolioFacts["progress"]): boolean {
  const schedule = progress.readiness.factors.find((factor) => factor.id === "schedule");
  return progress.facts.goLiveDate !== null && schedule !== undefined && schedule.points < schedule.weight / 2;
}

/**
 * At risk: an open High or Critical risk, behind schedule by more than half, three or more
 * overdue entries, a go-live date already past, or a score under 40.
 */
export function isAtRisk(progress: PortfolioFacts["progress"]): boolean {
  return (
    progress.facts.openHighRisks > 0 ||
    isBehindSchedule(progress) ||
    progress.facts.overdueEntries >= AT_RISK_OVERDUE ||
    (progress.daysToGoLive !== null && progress.daysToGoLive < 0) ||
    progress.readiness.score < AT_RISK_SCORE
  );
}

/** The go-live date falls in the organization's current calendar month (and is not past). */
export function isGoingLiveThisMonth(progress: PortfolioFacts["progress"]): boolean {
  const { goLiveDate, today } = progress.facts;
  return goLiveDate !== null && goLiveDate >= today && goLiveDate.slice(0, 7) === today.slice(0, 7);
}

/** Nothing happened in the organization for STALLED_AFTER_DAYS days (since it joined, when nothing ever did). */
export function isStalled(facts: PortfolioFacts, now: Date): boolean {
  const since = facts.lastActivityAt ?? new Date(`${facts.joinedOn}T00:00:00Z`);
  return now.getTime() - since.getTime() >= STALLED_AFTER_DAYS * 86_400_000;
}

export function portfolioFlagsOf(facts: PortfolioFacts, now: Date): PortfolioFlag[] {
  const flags: PortfolioFlag[] = [];
  if (isAtRisk(facts.progress)) flags.push("at_risk");
  if (isGoingLiveThisMonth(facts.progress)) flags.push("going_live_this_month");
  if (isStalled(facts, now)) flags.push("stalled");
  return flags;
}
