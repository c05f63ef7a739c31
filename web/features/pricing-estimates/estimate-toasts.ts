import { toast } from "sonner";

/**
 * Estimate outcomes as "Title: text". The first seven are spec §8's, word for word; the rest follow
 * their pattern. Shown with the part before ": " as the toast's title and the rest as its text.
 */
export const ESTIMATE_TOASTS = {
  primarySet: "Success: Primary estimate has been updated.",
  primaryFailed: "Error: Failed to set primary estimate.",
  deleted: "Success: Estimate has been deleted.",
  deleteFailed: "Error: Failed to delete estimate.",
  deleteDetailsFailed: "Error: Failed to delete estimate details.",
  locked: "Success: Primary estimate has been locked and is now being used to configure the system.",
  lockFailed: "Error: Failed to lock primary estimate.",
  unlocked: "Success: Estimate has been unlocked.",
  unlockFailed: "Error: Failed to unlock estimate.",
  approved: "Success: Subscription has been approved.",
  approveFailed: "Error: Failed to approve subscription.",
  approvalWithdrawn: "Success: Subscription approval has been withdrawn.",
  withdrawFailed: "Error: Failed to withdraw subscription approval.",
  saved: "Success: Estimate has been saved.",
  saveFailed: "Error: Failed to save estimate.",
  quickCreated: "Success: Quick estimate has been created.",
  quickFailed: "Error: Failed to create quick estimate.",
} as const;

export type EstimateToast = (typeof ESTIMATE_TOASTS)[keyof typeof ESTIMATE_TOASTS];

/** Shows one of ESTIMATE_TOASTS: a success toast for "Success: …", an error toast otherwise. */
export function showEstimateToast(message: EstimateToast): void {
  const split = message.indexOf(": ");
  const title = message.slice(0, split);
  const description = message.slice(split + 2);
  if (title === "Success") toast.success(title, { description });
  else toast.error(title, { description });
}
