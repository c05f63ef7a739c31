import type { Portfolio } from "#common/contracts/portfolio";
import { portfolioFlagsOf } from "#common/domain/portfolio";
import type { Database } from "#server/db/database";
import { loadOrganizationProgress } from "#server/queries/readiness-facts.queries";

export interface PortfolioDeps {
  db: Database;
}

/** Every organization's readiness and flags: one statement for the organizations, however many (bench/portfolio-scale.ts). */
export async function getPortfolio(deps: PortfolioDeps, now = new Date()): Promise<Portfolio> {
  const rows = await loadOrganizationProgress(deps.db, "all");
  return {
    generated_at: now.toISOString(),
    organizations: rows.map((row) => ({
      id: row.organizationId,
      name: row.organizationName,
      score: row.progress.readiness.score,
      next_action: row.progress.readiness.nextAction,
      launchpad_percent: row.progress.launchpadPercent,
      plan_percent: row.progress.facts.planPercent,
      go_live_date: row.progress.facts.goLiveDate,
      days_to_go_live: row.progress.daysToGoLive,
      open_high_risks: row.progress.facts.openHighRisks,
      overdue_items: row.overdueEntries,
      open_help_requests: row.openHelpRequests,
      last_activity_at: row.lastActivityAt?.toISOString() ?? null,
      flags: portfolioFlagsOf({ progress: row.progress, lastActivityAt: row.lastActivityAt, joinedOn: row.joinedOn }, now),
    })),
  };
}
