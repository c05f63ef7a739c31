import type { PortfolioOrganization } from "#common/contracts/portfolio";
import type { PortfolioFlag } from "#common/domain/portfolio";

/** How the portfolio's table is sorted and filtered: pure, so the page and its tests agree. */

export const PORTFOLIO_SORTS = ["score", "name", "launchpad", "plan", "go_live", "risks", "overdue", "help", "activity"] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];
export type SortDirection = "ascending" | "descending";

/** A missing value sorts last whichever the direction. */
const VALUES: Record<PortfolioSort, (row: PortfolioOrganization) => number | string | null> = {
  score: (row) => row.score,
  name: (row) => row.name.toLocaleLowerCase(),
  launchpad: (row) => row.launchpad_percent,
  plan: (row) => row.plan_percent,
  go_live: (row) => row.go_live_date,
  risks: (row) => row.open_high_risks,
  overdue: (row) => row.overdue_items,
  help: (row) => row.open_help_requests,
  activity: (row) => row.last_activity_at,
};

export function sortOrganizations(rows: readonly PortfolioOrganization[], sort: PortfolioSort, direction: SortDirection): PortfolioOrganization[] {
  const value = VALUES[sort];
  const sign = direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left === null || right === null) return left === right ? a.name.localeCompare(b.name) : left === null ? 1 : -1;
    const order = left < right ? -1 : left > right ? 1 : 0;
    return order !== 0 ? sign * order : a.name.localeCompare(b.name);
  });
}

export type PortfolioFilter = "all" | PortfolioFlag;

export function filterOrganizations(rows: readonly PortfolioOrganization[], filter: PortfolioFilter, search: string): PortfolioOrganization[] {
  const needle = search.trim().toLocaleLowerCase();
  return rows.filter((row) => (filter === "all" || row.flags.includes(filter)) && (needle === "" || row.name.toLocaleLowerCase().includes(needle)));
}

/** "in 12 days", "today", "3 days ago"; null without a date. */
export function describeDaysToGoLive(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return "today";
  if (days > 0) return `in ${days} ${days === 1 ? "day" : "days"}`;
  return `${-days} ${days === -1 ? "day" : "days"} ago`;
}
