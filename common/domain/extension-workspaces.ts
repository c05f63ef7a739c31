import type { FieldIssue } from "../errors.ts";
import type { ExtensionId } from "./extensions.ts";

/**
 * The workspaces of the ERP add-on extensions (spec §2): the page where an organization prepares an
 * active extension for go-live. Its answers are kept as a draft (each saved field checked, the
 * whole allowed to be incomplete), then submitted once complete, which locks them until an
 * organization admin or the provider reopens them with a reason.
 *
 * The rules of each workspace's answers: ap-automation-setup.ts and container-management-setup.ts;
 * container numbers and port codes: shipping-codes.ts.
 */

/** The extensions that have a workspace (the Decision-maker Dashboard is a page to read). */
export const WORKSPACE_EXTENSION_IDS = ["ap-automation", "container-management"] as const satisfies readonly ExtensionId[];
export type WorkspaceExtensionId = (typeof WORKSPACE_EXTENSION_IDS)[number];

export const WORKSPACE_STATUSES = ["draft", "submitted"] as const;
export type WorkspaceStatus = (typeof WORKSPACE_STATUSES)[number];

export const WORKSPACE_REOPEN_REASON_MIN = 3;
export const WORKSPACE_REOPEN_REASON_MAX = 500;

/**
 * Who may reopen a submitted workspace: the organization's admins and the provider's employees.
 * Everyone the page opens to may save and submit: the set-up is the organization's.
 */
export function canReopenWorkspace(user: { isEmployee: boolean; role: string }): boolean {
  return user.isEmployee || user.role === "member_admin";
}

export const WORKSPACE_MESSAGES = {
  submittedLocked: "This set-up has been submitted and is read-only. An organization admin or your provider can reopen it to change it.",
  notSubmitted: "This set-up is not submitted, so there is nothing to reopen.",
  reopenNotAllowed: "Only an organization admin or your provider can reopen a submitted set-up.",
  saved: "Draft saved",
  submitted: "Set-up submitted",
  reopened: "Set-up reopened",
} as const;

/** "Complete these before submitting: …" with the first few things missing; `details` lists them all. */
export function describeMissing(missing: readonly FieldIssue[]): string {
  const shown = missing.slice(0, 3).map((issue) => issue.message.replace(/\.$/, ""));
  const more = missing.length > shown.length ? ` (and ${missing.length - shown.length} more)` : "";
  return `Complete these before submitting: ${shown.join("; ")}${more}.`;
}

/** "Rule 2", as the page numbers list rows (from 1). */
export function rowLabel(noun: string, index: number): string {
  return `${noun} ${index + 1}`;
}

/** Two decimals at most: 2.5 and 2.55 are, 2.555 is not (within floating-point noise). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}
