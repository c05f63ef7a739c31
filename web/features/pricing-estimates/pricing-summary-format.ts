import { type EstimateHistoryAction, findEdition } from "#common/domain/pricing";

/** Words shared by the Pricing Summary, the deployment plan and the subscription plan. */

export const APPROVED = "Approved";
export const AWAITING_APPROVAL = "Awaiting approval";
export const LOCKED = "Locked — used to configure the system";
export const NOT_LOCKED = "Not locked";

export function editionName(editionId: string | null): string {
  return findEdition(editionId)?.name ?? editionId ?? "No edition";
}

export function approvalLabel(approved: boolean): string {
  return approved ? APPROVED : AWAITING_APPROVAL;
}

export function lockLabel(locked: boolean): string {
  return locked ? LOCKED : NOT_LOCKED;
}

const HISTORY_ACTION_LABELS: Record<EstimateHistoryAction, string> = {
  created: "Created",
  updated: "Updated",
  set_primary: "Set as primary",
  locked: "Locked",
  unlocked: "Unlocked",
  approved: "Approved",
  approval_withdrawn: "Approval withdrawn",
  deleted: "Deleted",
  lines_excluded: "Lines no longer offered were excluded",
};

export function historyActionLabel(action: EstimateHistoryAction): string {
  return HISTORY_ACTION_LABELS[action];
}
