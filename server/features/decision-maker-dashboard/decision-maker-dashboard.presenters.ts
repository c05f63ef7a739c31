import type { DecisionMakerDashboard, PlanProgress, SubscriptionSummary, WeeklyChanges } from "#common/contracts/decision-maker-dashboard";
import { type ActionLogType, formatActionLogReference, riskBand, scoreStoredRisk } from "#common/domain/action-log";
import { decimalToCents } from "#common/domain/money";
import type { OrganizationProgress } from "#common/domain/organization-progress";
import { computePriceLockTotalCents, findEdition } from "#common/domain/pricing";
import { expectedShareByToday } from "#common/domain/readiness-score";
import type { OpenEntryRow, SubscriptionRow, WeeklyChangeCounts } from "./decision-maker-dashboard.queries.ts";

type OpenRisk = DecisionMakerDashboard["open_risks"]["items"][number];

/**
 * Milestones done by `today` had they been done at an even pace from the start to the go-live
 * date: 0 before the start, all of them from the go-live date on.
 */
export function expectedMilestonesByToday(total: number, startedOn: string | null, goLiveDate: string | null, today: string): number | null {
  const share = expectedShareByToday(startedOn, goLiveDate, today);
  return share === null ? null : Math.round(total * share * 10) / 10;
}

export function presentPlanProgress(progress: OrganizationProgress): PlanProgress {
  const { facts, milestones } = progress;
  const completed = milestones.filter((milestone) => milestone.completed).length;
  return {
    milestones: milestones.map(({ id, title, completed: done }) => ({ id, title, completed: done })),
    completed,
    total: milestones.length,
    percent: facts.planPercent,
    started_on: facts.planStartedOn,
    go_live_date: facts.goLiveDate,
    today: facts.today,
    days_to_go_live: progress.daysToGoLive,
    expected_by_today: expectedMilestonesByToday(milestones.length, facts.planStartedOn, facts.goLiveDate, facts.today),
  };
}

export function presentSubscription(row: SubscriptionRow | undefined): SubscriptionSummary | null {
  if (!row) return null;
  const monthly = decimalToCents(row.monthlyTotal);
  return {
    name: row.name,
    edition_id: row.editionId,
    edition_name: findEdition(row.editionId)?.name ?? null,
    locked: row.isLocked,
    line_count: row.lineCount,
    monthly_total_cents: monthly,
    five_year_total_cents: computePriceLockTotalCents(monthly),
  };
}

const entryOf = (row: OpenEntryRow) => ({
  id: row.id,
  reference: formatActionLogReference(row.type as ActionLogType, row.number),
  title: row.title,
  status: row.status,
});

/** Highest score first (a risk without a likelihood last), the older reference first among equals; at most `limit`. */
export function presentOpenRisks(rows: readonly OpenEntryRow[], limit: number): DecisionMakerDashboard["open_risks"] {
  const risks: OpenRisk[] = rows.map((row) => {
    const score = scoreStoredRisk(row.impactLevel, row.likelihood);
    return { ...entryOf(row), score, band: score === null ? null : riskBand(score) };
  });
  const ranked = risks
    .map((risk, index) => ({ risk, index }))
    .sort((a, b) => (b.risk.score ?? 0) - (a.risk.score ?? 0) || a.index - b.index)
    .map(({ risk }) => risk);
  return { total: risks.length, items: ranked.slice(0, limit) };
}

export function presentAwaitingDecisions(rows: readonly (OpenEntryRow & { total: number })[]): DecisionMakerDashboard["decisions_awaiting"] {
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({ ...entryOf(row), due_date: row.dueDate, created_at: row.createdAt.toISOString() })),
  };
}

export function presentOverdueEntries(rows: readonly (OpenEntryRow & { total: number; daysOverdue: number })[]): DecisionMakerDashboard["overdue"] {
  return {
    total: rows[0]?.total ?? 0,
    items: rows.flatMap((row) =>
      row.dueDate === null ? [] : [{ ...entryOf(row), type: row.type as ActionLogType, due_date: row.dueDate, days_overdue: row.daysOverdue }],
    ),
  };
}

export function presentWeeklyChanges(counts: WeeklyChangeCounts): WeeklyChanges {
  return {
    entries_created: counts.entriesCreated,
    entries_resolved: counts.entriesResolved,
    milestones_completed: counts.milestonesCompleted,
    launchpad_pages_completed: counts.launchpadPagesCompleted,
    modules_submitted: counts.modulesSubmitted,
  };
}
