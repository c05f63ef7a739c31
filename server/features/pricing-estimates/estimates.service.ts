import type { Comparison, Estimate, EstimateHistoryEntry, EstimateList, PrimaryEstimate, SubscriptionPlan } from "#common/contracts/pricing-estimates";
import { computePriceLockTotalCents, orderModules } from "#common/domain/pricing";
import type { Database, Queryable, Transaction } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { presentEstimate, presentEstimateSummary, presentHistoryEntry } from "./estimate-presenters.ts";
import {
  type EstimateLineRow,
  type EstimateSummaryRow,
  selectEstimateHistory,
  selectEstimateLines,
  selectEstimateSummaries,
  selectEstimateSummary,
  selectLockedEstimateSummary,
  selectPrimaryEstimateSummary,
} from "./estimates.queries.ts";

export interface EstimateDeps {
  db: Database;
  /**
   * Recomputes the launchpad's readings (forced) inside the write's transaction: the launchpad
   * feature owns them, and the app wires its function in here.
   */
  recalculateLaunchpad: (tx: Transaction, organizationId: string) => Promise<unknown>;
}

/** The one answer for an id that is unknown, malformed or another organization's. */
export const ESTIMATE_NOT_FOUND = "Estimate not found";
/** The plan page shows at most this many history entries. */
export const HISTORY_LIMIT = 200;

/** The summary with its lines, in two statements; undefined when there is no such estimate. */
async function withLines(db: Queryable, organizationId: string, row: EstimateSummaryRow | undefined): Promise<Estimate | undefined> {
  if (!row) return undefined;
  return presentEstimate(row, await selectEstimateLines(db, organizationId, [row.header.id]));
}

/** One estimate of the organization with its lines, or undefined. */
export async function loadEstimate(db: Queryable, organizationId: string, estimateId: string): Promise<Estimate | undefined> {
  return withLines(db, organizationId, await selectEstimateSummary(db, organizationId, estimateId));
}

export async function listEstimates(db: Database, organizationId: string): Promise<EstimateList> {
  const rows = await selectEstimateSummaries(db, organizationId);
  return { estimates: rows.map(presentEstimateSummary) };
}

export async function getEstimate(db: Database, organizationId: string, estimateId: string): Promise<Estimate> {
  const estimate = await loadEstimate(db, organizationId, estimateId);
  if (!estimate) throw new AppError("not_found", ESTIMATE_NOT_FOUND);
  return estimate;
}

export async function getPrimaryEstimate(db: Database, organizationId: string): Promise<PrimaryEstimate> {
  const estimate = await withLines(db, organizationId, await selectPrimaryEstimateSummary(db, organizationId));
  return { estimate: estimate ?? null };
}

function groupLinesByEstimate(lines: readonly EstimateLineRow[]): Map<string, EstimateLineRow[]> {
  const byEstimate = new Map<string, EstimateLineRow[]>();
  for (const line of lines) {
    const group = byEstimate.get(line.headerId);
    if (group) group.push(line);
    else byEstimate.set(line.headerId, [line]);
  }
  return byEstimate;
}

/** Every estimate with its lines and 5-year total, in two statements whatever their number. */
export async function getEstimateComparison(db: Database, organizationId: string): Promise<Comparison> {
  const rows = await selectEstimateSummaries(db, organizationId);
  const lines = groupLinesByEstimate(await selectEstimateLines(db, organizationId, rows.map((row) => row.header.id)));
  const estimates = rows.map((row) => {
    const estimate = presentEstimate(row, lines.get(row.header.id) ?? []);
    return { ...estimate, price_lock_total_cents: computePriceLockTotalCents(estimate.total_monthly_price_cents) };
  });
  return { estimates, modules: orderModules(estimates.flatMap((estimate) => estimate.lines)) };
}

/** The locked estimate (the subscription) and the history, newest first. */
export async function getSubscriptionPlan(db: Database, organizationId: string): Promise<SubscriptionPlan> {
  const subscription = await withLines(db, organizationId, await selectLockedEstimateSummary(db, organizationId));
  const history = (await selectEstimateHistory(db, organizationId, HISTORY_LIMIT))
    .map(presentHistoryEntry)
    .filter((entry): entry is EstimateHistoryEntry => entry !== undefined);
  return { subscription: subscription ?? null, history };
}
