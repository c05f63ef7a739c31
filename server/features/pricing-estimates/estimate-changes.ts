import type { EstimateSummary } from "#common/contracts/pricing-estimates";
import { centsToDecimal } from "#common/domain/money";
import type { EstimateHistoryAction } from "#common/domain/pricing";
import type { Database, Transaction } from "#server/db/database";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { insertEstimateHistory, lockOrganizationEstimates } from "./estimate-writes.queries.ts";
import { type EstimateSummaryRow, selectEstimateSummary } from "./estimates.queries.ts";
import { ESTIMATE_NOT_FOUND } from "./estimates.service.ts";

/** What every estimate write does: take the organization's turn, check, record, publish. */

export const ESTIMATE_LOCKED_MESSAGE = "This estimate is locked. An employee must unlock it first.";

/** Answered if a write ever loses a race the organization's lock did not prevent (the indexes refuse it). */
const CONCURRENT_CHANGE_MESSAGE = "The estimates were changed at the same time; reload them and try again";

/**
 * Runs a write of the organization's estimates in one transaction that first waits until the
 * writes already running have committed (the organization's row is the queue), so each write
 * sees the one before it and the one-primary rule never meets a race.
 */
export async function writeEstimates<T>(db: Database, organizationId: string, write: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockOrganizationEstimates(tx, organizationId))) throw new AppError("not_found", "Organization not found");
      return write(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", CONCURRENT_CHANGE_MESSAGE);
    throw error;
  }
}

/** The organization's estimate, or 404 (unknown and other organizations' ids answer alike). */
export async function requireEstimate(tx: Transaction, organizationId: string, estimateId: string): Promise<EstimateSummaryRow> {
  const row = await selectEstimateSummary(tx, organizationId, estimateId);
  if (!row) throw new AppError("not_found", ESTIMATE_NOT_FOUND);
  return row;
}

/** A history entry for the estimate, with its name and total as they are now. */
export async function recordEstimateHistory(tx: Transaction, estimate: EstimateSummary, action: EstimateHistoryAction, actorId: string): Promise<void> {
  await insertEstimateHistory(tx, {
    organizationId: estimate.organization_id,
    estimateId: estimate.id,
    estimateName: estimate.name,
    action,
    actorId,
    totalMonthlyPrice: centsToDecimal(estimate.total_monthly_price_cents),
  });
}

export interface EstimateEvents {
  /** Estimates whose header changed (primary, lock, approval, total, name, deletion). */
  headers: readonly string[];
  /** Estimates whose lines changed; their header's total changed too. */
  details?: readonly string[];
  /** The "estimate exists" flag or the price page may have moved the launchpad's readings. */
  launchpad?: boolean;
}

/** Publishes the write's events: call it last in the transaction (see publishEvent). */
export async function publishEstimateEvents(tx: Transaction, organizationId: string, events: EstimateEvents): Promise<void> {
  const details = events.details ?? [];
  const headers = new Set([...events.headers, ...details]);
  for (const estimateId of headers) await publishEvent(tx, organizationId, { type: "estimateHeaderChanged", organizationId, estimateId });
  for (const estimateId of details) await publishEvent(tx, organizationId, { type: "estimateDetailsChanged", organizationId, estimateId });
  if (events.launchpad) await publishEvent(tx, organizationId, { type: "launchpadChanged", organizationId });
}
