import { LAUNCH_PLAN_MESSAGES } from "#common/contracts/launch-plan";
import { ApiError } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";

// The Launch Plan can be the first page after sign-in: Sonner comes with the first toast.

/** "Title: text" (spec §8) as the toast's title and text. */
function splitMessage(message: string): { title: string; text: string } {
  const split = message.indexOf(": ");
  return { title: message.slice(0, split), text: message.slice(split + 2) };
}

/** The server's words for a refused or failed call (a 409 names the milestones still to complete). */
function reasonOf(error: unknown): string | null {
  return error instanceof ApiError ? error.message : null;
}

function withReason(text: string, error: unknown): string {
  const reason = reasonOf(error);
  return reason ? `${text} ${reason}` : text;
}

/** Spec §8: "Milestone Completed: This milestone has been marked as completed." */
export function showMilestoneCompleted(): void {
  const { title, text } = splitMessage(LAUNCH_PLAN_MESSAGES.milestoneCompleted);
  lazyToast.success(title, { description: text });
}

/** Spec §8: "Error: Failed to mark milestone as completed.", then the server's reason. */
export function showMilestoneCompleteFailed(error: unknown): void {
  const { title, text } = splitMessage(LAUNCH_PLAN_MESSAGES.milestoneCompleteFailed);
  lazyToast.error(title, { description: withReason(text, error) });
}

/** "Milestone Reopened: This milestone is in progress again." */
export function showMilestoneReopened(): void {
  const { title, text } = splitMessage(LAUNCH_PLAN_MESSAGES.milestoneReopened);
  lazyToast.success(title, { description: text });
}

/** A Start the user asked for (the milestone page's own start on opening is never shown). */
export function showMilestoneStartFailed(error: unknown): void {
  lazyToast.error("Error", { description: withReason("Failed to start the milestone.", error) });
}

export type PlanOverride = "include" | "exclude" | null;

const OVERRIDE_DONE: Readonly<Record<"include" | "exclude" | "follow", (title: string) => string>> = {
  include: (title) => `${title} is now in this organization's plan.`,
  exclude: (title) => `${title} is no longer in this organization's plan.`,
  follow: (title) => `${title} follows the estimate again.`,
};

export function showOverrideSaved(title: string, override: PlanOverride): void {
  lazyToast.success("Plan updated", { description: OVERRIDE_DONE[override ?? "follow"](title) });
}

export function showOverrideFailed(error: unknown): void {
  lazyToast.error("Error", { description: withReason("Failed to change the plan.", error) });
}
