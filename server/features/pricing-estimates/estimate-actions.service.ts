import type { EstimateSummary } from "#common/contracts/pricing-estimates";
import { canLockEstimate } from "#common/domain/pricing";
import type { Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { ESTIMATE_LOCKED_MESSAGE, publishEstimateEvents, recordEstimateHistory, requireEstimate, writeEstimates } from "./estimate-changes.ts";
import { presentEstimateSummary } from "./estimate-presenters.ts";
import {
  deleteEstimateHeader,
  deleteEstimateLines,
  selectNewestEstimateHeader,
  selectPrimaryEstimateHeader,
  updateEstimateApproval,
  updateEstimateLock,
  updateEstimatePrimary,
} from "./estimate-writes.queries.ts";
import type { EstimateDeps } from "./estimates.service.ts";

/** Primary, lock, unlock, approval and deletion: one transaction each, behind the organization's lock. */

export const PRIMARY_LOCKED_MESSAGE = "The primary estimate is locked. An employee must unlock it before another estimate can become primary.";
const LOCK_FORBIDDEN_MESSAGE = "Only the organization's administrators and provider employees can lock the primary estimate";
const LOCK_NOT_PRIMARY_MESSAGE = "Only the primary estimate can be locked";
const ALREADY_LOCKED_MESSAGE = "This estimate is already locked";
const NOT_LOCKED_MESSAGE = "This estimate is not locked";
const APPROVAL_NOT_PRIMARY_MESSAGE = "Only the primary estimate's subscription can be approved";

/** The estimate as it is now, for the answer and the history entry. */
async function reloadSummary(tx: Transaction, organizationId: string, estimateId: string): Promise<EstimateSummary> {
  return presentEstimateSummary(await requireEstimate(tx, organizationId, estimateId));
}

/** Makes the estimate the organization's one primary: the old one is cleared first, then this one set. */
export async function setPrimaryEstimate(deps: EstimateDeps, organizationId: string, caller: Caller, estimateId: string): Promise<EstimateSummary> {
  return writeEstimates(deps.db, organizationId, async (tx) => {
    const target = await requireEstimate(tx, organizationId, estimateId);
    if (target.header.isPrimary) return presentEstimateSummary(target);
    const current = await selectPrimaryEstimateHeader(tx, organizationId);
    if (current?.isLocked) throw new AppError("conflict", PRIMARY_LOCKED_MESSAGE);
    const at = new Date();
    if (current) await updateEstimatePrimary(tx, organizationId, current.id, false, at);
    await updateEstimatePrimary(tx, organizationId, estimateId, true, at);
    const summary = await reloadSummary(tx, organizationId, estimateId);
    await recordEstimateHistory(tx, summary, "set_primary", caller.userId);
    await publishEstimateEvents(tx, organizationId, { headers: current ? [current.id, estimateId] : [estimateId] });
    return summary;
  });
}

/** Locks the primary estimate: it configures the system and turns read-only (admins and employees). */
export async function lockEstimate(deps: EstimateDeps, organizationId: string, caller: Caller, estimateId: string): Promise<EstimateSummary> {
  if (!canLockEstimate(caller)) throw new AppError("forbidden", LOCK_FORBIDDEN_MESSAGE);
  return writeEstimates(deps.db, organizationId, async (tx) => {
    const target = await requireEstimate(tx, organizationId, estimateId);
    if (target.header.isLocked) throw new AppError("conflict", ALREADY_LOCKED_MESSAGE);
    if (!target.header.isPrimary) throw new AppError("conflict", LOCK_NOT_PRIMARY_MESSAGE);
    const at = new Date();
    await updateEstimateLock(tx, organizationId, estimateId, { isLocked: true, lockedAt: at, lockedBy: caller.userId, updatedAt: at });
    const summary = await reloadSummary(tx, organizationId, estimateId);
    await recordEstimateHistory(tx, summary, "locked", caller.userId);
    await publishEstimateEvents(tx, organizationId, { headers: [estimateId] });
    return summary;
  });
}

/** Unlocks a locked estimate (the route is for employees only). */
export async function unlockEstimate(deps: EstimateDeps, organizationId: string, caller: Caller, estimateId: string): Promise<EstimateSummary> {
  return writeEstimates(deps.db, organizationId, async (tx) => {
    const target = await requireEstimate(tx, organizationId, estimateId);
    if (!target.header.isLocked) throw new AppError("conflict", NOT_LOCKED_MESSAGE);
    const at = new Date();
    await updateEstimateLock(tx, organizationId, estimateId, { isLocked: false, lockedAt: null, lockedBy: null, updatedAt: at });
    const summary = await reloadSummary(tx, organizationId, estimateId);
    await recordEstimateHistory(tx, summary, "unlocked", caller.userId);
    await publishEstimateEvents(tx, organizationId, { headers: [estimateId] });
    return summary;
  });
}

/** Approves the primary estimate's subscription, or withdraws the approval (employees only). */
export async function setEstimateApproval(
  deps: EstimateDeps,
  organizationId: string,
  caller: Caller,
  estimateId: string,
  approved: boolean,
): Promise<EstimateSummary> {
  return writeEstimates(deps.db, organizationId, async (tx) => {
    const target = await requireEstimate(tx, organizationId, estimateId);
    if (!target.header.isPrimary) throw new AppError("conflict", APPROVAL_NOT_PRIMARY_MESSAGE);
    if (target.header.subscriptionApproved === approved) return presentEstimateSummary(target);
    const at = new Date();
    await updateEstimateApproval(tx, organizationId, estimateId, {
      subscriptionApproved: approved,
      approvedAt: approved ? at : null,
      approvedBy: approved ? caller.userId : null,
      updatedAt: at,
    });
    const summary = await reloadSummary(tx, organizationId, estimateId);
    await recordEstimateHistory(tx, summary, approved ? "approved" : "approval_withdrawn", caller.userId);
    await publishEstimateEvents(tx, organizationId, { headers: [estimateId] });
    return summary;
  });
}

/**
 * Deletes an unlocked estimate: its lines, then its header. When it was the primary, the newest
 * remaining estimate becomes primary, so an organization with estimates always has one.
 */
export async function deleteEstimate(
  deps: EstimateDeps,
  organizationId: string,
  caller: Caller,
  estimateId: string,
): Promise<{ deleted_id: string; primary_id: string | null }> {
  return writeEstimates(deps.db, organizationId, async (tx) => {
    const target = await requireEstimate(tx, organizationId, estimateId);
    if (target.header.isLocked) throw new AppError("conflict", ESTIMATE_LOCKED_MESSAGE);
    await recordEstimateHistory(tx, presentEstimateSummary(target), "deleted", caller.userId);
    await deleteEstimateLines(tx, estimateId);
    await deleteEstimateHeader(tx, organizationId, estimateId);

    let primaryId = target.header.isPrimary ? null : ((await selectPrimaryEstimateHeader(tx, organizationId))?.id ?? null);
    const changed = [estimateId];
    if (target.header.isPrimary) {
      const newest = await selectNewestEstimateHeader(tx, organizationId);
      if (newest) {
        await updateEstimatePrimary(tx, organizationId, newest.id, true, new Date());
        await recordEstimateHistory(tx, await reloadSummary(tx, organizationId, newest.id), "set_primary", caller.userId);
        primaryId = newest.id;
        changed.push(newest.id);
      }
    }
    // "An estimate exists" may have turned false.
    await deps.recalculateLaunchpad(tx, organizationId);
    await publishEstimateEvents(tx, organizationId, { headers: changed, details: [estimateId], launchpad: true });
    return { deleted_id: estimateId, primary_id: primaryId };
  });
}
