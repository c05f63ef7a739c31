import type { Launchpad, LaunchpadPageState, LaunchpadSummary, Recalculation } from "#common/contracts/launchpad";
import {
  LAUNCHPAD_PAGES,
  type LaunchpadPage,
  type LaunchpadReadings,
  computeLaunchpadReadings,
  isRecalculationDue,
  launchpadPageStatus,
} from "#common/domain/launchpad";
import type { Database, Queryable, Transaction } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { selectLaunchpadFacts } from "#server/queries/launchpad-facts.queries";
import { type LaunchpadProgressRow, selectLaunchpadProgress } from "#server/queries/launchpad-progress.queries";
import { type LaunchpadSummaryRow, selectLaunchpadSummaryForUpdate, upsertLaunchpadSummary } from "./launchpad.queries.ts";

/** Reads the organization's pages and facts; sequential, so it also runs inside a transaction. */
export async function readLaunchpad(db: Queryable, organizationId: string): Promise<LaunchpadReadings<LaunchpadProgressRow>> {
  const facts = await selectLaunchpadFacts(db, organizationId);
  if (!facts) throw new AppError("not_found", "Organization not found");
  return computeLaunchpadReadings(facts, await selectLaunchpadProgress(db, organizationId));
}

export function presentLaunchpadPage(page: LaunchpadPage, readings: LaunchpadReadings<LaunchpadProgressRow>): LaunchpadPageState {
  const row = readings.rows.get(page.id);
  return {
    id: page.id,
    label: page.label,
    route: page.route,
    is_completed: row?.isCompleted ?? false,
    status: launchpadPageStatus(readings, page.id),
    not_applicable_reason: row?.isCompleted ? row.notApplicableReason : null,
    completed_at: row?.completedAt?.toISOString() ?? null,
    data_snapshot: row?.dataSnapshot ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

function presentSummary(row: LaunchpadSummaryRow): LaunchpadSummary {
  return { page_percent: row.pagePercent, flag_percent: row.flagPercent, recalculated_at: row.recalculatedAt.toISOString() };
}

export async function getLaunchpad(db: Database, organizationId: string): Promise<Launchpad> {
  const state = await readLaunchpad(db, organizationId);
  return {
    pages: LAUNCHPAD_PAGES.map((page) => presentLaunchpadPage(page, state)),
    page_percent: state.pagePercent,
    flag_percent: state.flagPercent,
    flags: {
      nda_signed: state.flags.ndaSigned,
      estimate_exists: state.flags.estimateExists,
      data_connection_exists: state.flags.dataConnectionExists,
      configuration_submitted: state.flags.configurationSubmitted,
    },
    trial_enabled: state.trialEnabled,
  };
}

/**
 * Recomputes both readings into launchpad_summaries, unless the last run is under 30 s old and
 * the run is not forced (spec §4, §9). The summary row is locked first, so two runs at once
 * take turns and the second one sees the first one's time.
 */
export async function runRecalculation(tx: Transaction, organizationId: string, force: boolean): Promise<Recalculation> {
  const last = await selectLaunchpadSummaryForUpdate(tx, organizationId);
  const now = new Date();
  if (last && !isRecalculationDue({ lastRunAt: last.recalculatedAt.getTime(), now: now.getTime(), force })) {
    return { summary: presentSummary(last), recalculated: false };
  }
  const state = await readLaunchpad(tx, organizationId);
  const row = await upsertLaunchpadSummary(tx, organizationId, {
    pagePercent: state.pagePercent,
    flagPercent: state.flagPercent,
    recalculatedAt: now,
  });
  return { summary: presentSummary(row), recalculated: true };
}

export function recalculateLaunchpad(db: Database, organizationId: string, force: boolean): Promise<Recalculation> {
  return db.transaction((tx) => runRecalculation(tx, organizationId, force));
}
