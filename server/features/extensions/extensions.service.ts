import type { ExtensionChange, ExtensionsOverview } from "#common/contracts/extensions";
import { type ExtensionDefinition, EXTENSIONS, findExtension } from "#common/domain/extensions";
import type { Database, Transaction } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { lockOrganizationRow } from "#server/queries/organizations.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { presentExtension, presentHistoryEntry, type ExtensionReadings } from "./extensions-presenter.ts";
import {
  type ExtensionRow,
  deleteExtension,
  insertExtensionHistory,
  selectAddOnPrices,
  selectExtensionForUpdate,
  selectExtensionHistory,
  selectExtensionRows,
  selectPrimaryEstimateFacts,
  upsertExtension,
} from "./extensions.queries.ts";

/** What the subscription did when an add-on was put on or taken off (the pricing feature's answer). */
export interface AddOnPlanChange {
  planChange: "estimate" | "next_plan";
  estimateId: string | null;
}

/**
 * The extensions feature's dependencies. The Open Request and the estimate's add-on line belong to
 * the action log and the estimates: `app.ts` hands their operations in, to run inside this
 * feature's transaction.
 */
export interface ExtensionDeps {
  db: Database;
  access: AccessSettings;
  raiseOpenRequest(tx: Transaction, organizationId: string, creatorId: string, request: { title: string; description: string | null }): Promise<{ id: string; reference: string }>;
  settleOpenRequest(tx: Transaction, organizationId: string, actionLogId: string, actorId: string, settlement: { status: "Resolved" | "Closed"; note: string }): Promise<void>;
  changePrimaryEstimateAddOn(tx: Transaction, organizationId: string, change: { inventoryId: string; action: "add" | "remove"; actorId: string }): Promise<AddOnPlanChange>;
}

const HISTORY_LIMIT = 50;

function requireExtension(extensionId: string): ExtensionDefinition {
  const extension = findExtension(extensionId);
  if (!extension) throw new AppError("not_found", "Extension not found");
  return extension;
}

async function readExtensions(deps: ExtensionDeps, organizationId: string, caller: Caller): Promise<ExtensionReadings> {
  const [rows, primary, prices, facts] = await Promise.all([
    selectExtensionRows(deps.db, organizationId),
    selectPrimaryEstimateFacts(deps.db, organizationId),
    selectAddOnPrices(deps.db, EXTENSIONS.map((extension) => extension.inventoryId)),
    loadAccessFacts(deps.db, caller, organizationId, deps.access),
  ]);
  return { rows: new Map(rows.map((row) => [row.extensionId, row])), primary: primary ?? null, prices, facts };
}

/** /extensions: every extension with its price, state and what the caller may do; the newest changes. */
export async function getExtensions(deps: ExtensionDeps, organizationId: string, caller: Caller): Promise<ExtensionsOverview> {
  const [readings, history] = await Promise.all([readExtensions(deps, organizationId, caller), selectExtensionHistory(deps.db, organizationId, HISTORY_LIMIT)]);
  return {
    extensions: EXTENSIONS.map((extension) => presentExtension(extension, readings, caller)),
    primary_estimate: readings.primary ? { id: readings.primary.id, name: readings.primary.name, is_locked: readings.primary.isLocked } : null,
    history: history.flatMap((row) => presentHistoryEntry(row) ?? []),
  };
}

interface ChangeContext {
  tx: Transaction;
  extension: ExtensionDefinition;
  row: Awaited<ReturnType<typeof selectExtensionForUpdate>>;
}

/**
 * Runs one change of one extension in a transaction that holds the organization's row (its
 * extension and estimate writes run one after another) and the extension's row, records it and
 * tells every screen; answers the extension as it now is. The route's guard has checked the
 * extensions item (and, on employee routes, that the caller is an employee).
 */
async function changeExtension(
  deps: ExtensionDeps,
  organizationId: string,
  caller: Caller,
  extensionId: string,
  change: (context: ChangeContext) => Promise<string>,
): Promise<ExtensionChange> {
  const extension = requireExtension(extensionId);
  const message = await deps.db.transaction(async (tx) => {
    if (!(await lockOrganizationRow(tx, organizationId))) throw new AppError("not_found", "Organization not found");
    const row = await selectExtensionForUpdate(tx, organizationId, extension.id);
    const said = await change({ tx, extension, row });
    await publishEvent(tx, organizationId, { type: "extensionsChanged", organizationId });
    return said;
  });
  const readings = await readExtensions(deps, organizationId, caller);
  return { extension: presentExtension(extension, readings, caller), message };
}

const stateOf = (row: ChangeContext["row"]) => row?.state ?? "available";

function refuseState(extension: ExtensionDefinition, state: string): never {
  const texts: Record<string, string> = {
    requested: `${extension.label} is already requested`,
    active: `${extension.label} is already active`,
    available: `${extension.label} has no request`,
  };
  throw new AppError("conflict", texts[state] ?? `${extension.label} cannot change now`);
}

export function requestExtension(deps: ExtensionDeps, organizationId: string, caller: Caller, extensionId: string, note: string | null): Promise<ExtensionChange> {
  return changeExtension(deps, organizationId, caller, extensionId, async ({ tx, extension, row }) => {
    if (caller.isEmployee) throw new AppError("forbidden", "Employees activate extensions; members request them");
    if (row) refuseState(extension, row.state);
    const request = await deps.raiseOpenRequest(tx, organizationId, caller.userId, {
      title: `Extension request: ${extension.label}`,
      description: [`Please activate ${extension.label} for our organization.`, note].filter(Boolean).join("\n\n"),
    });
    const now = new Date();
    await upsertExtension(tx, organizationId, extension.id, {
      state: "requested", requestedBy: caller.userId, requestedAt: now, requestNote: note, requestEntryId: request.id,
      activatedBy: null, activatedAt: null, planChange: null, planChangeEstimateId: null, updatedAt: now,
    });
    await insertExtensionHistory(tx, { organizationId, extensionId: extension.id, action: "requested", actorId: caller.userId, note });
    return `${extension.label} requested. The provider will review your request (${request.reference}).`;
  });
}

/** Who may withdraw a request: who made it, and the organization's admins. */
function canWithdraw(caller: Caller, row: Pick<ExtensionRow, "requestedBy">): boolean {
  return !caller.isEmployee && (caller.role === "member_admin" || row.requestedBy === caller.userId);
}

export function withdrawExtensionRequest(deps: ExtensionDeps, organizationId: string, caller: Caller, extensionId: string): Promise<ExtensionChange> {
  return changeExtension(deps, organizationId, caller, extensionId, async ({ tx, extension, row }) => {
    if (caller.isEmployee) throw new AppError("forbidden", "Employees decline requests; the organization withdraws its own");
    if (row?.state !== "requested") refuseState(extension, stateOf(row));
    if (!canWithdraw(caller, row)) throw new AppError("forbidden", "Only the person who requested it or an admin of the organization can withdraw this request");
    await deleteExtension(tx, organizationId, extension.id);
    if (row.requestEntryId) await deps.settleOpenRequest(tx, organizationId, row.requestEntryId, caller.userId, { status: "Closed", note: "Withdrawn by the organization." });
    await insertExtensionHistory(tx, { organizationId, extensionId: extension.id, action: "withdrawn", actorId: caller.userId });
    return `Your request for ${extension.label} was withdrawn`;
  });
}

function planChangeText(extension: ExtensionDefinition, result: AddOnPlanChange, action: "add" | "remove"): string {
  if (result.planChange === "estimate") return action === "add" ? `${extension.label} is active and on the primary estimate` : `${extension.label} is deactivated and off the primary estimate`;
  const done = action === "add" ? `${extension.label} is active` : `${extension.label} is deactivated`;
  if (result.estimateId === null) return `${done}. There is no primary estimate yet: the change is recorded for the next plan.`;
  return `${done}. The primary estimate is locked or does not price it: the change is recorded for the next plan.`;
}

export function activateExtension(deps: ExtensionDeps, organizationId: string, caller: Caller, extensionId: string): Promise<ExtensionChange> {
  return changeExtension(deps, organizationId, caller, extensionId, async ({ tx, extension, row }) => {
    if (row?.state === "active") refuseState(extension, "active");
    const result = await deps.changePrimaryEstimateAddOn(tx, organizationId, { inventoryId: extension.inventoryId, action: "add", actorId: caller.userId });
    const now = new Date();
    await upsertExtension(tx, organizationId, extension.id, {
      state: "active", requestedBy: row?.requestedBy ?? null, requestedAt: row?.requestedAt ?? null, requestNote: row?.requestNote ?? null,
      requestEntryId: row?.requestEntryId ?? null, activatedBy: caller.userId, activatedAt: now,
      planChange: result.planChange, planChangeEstimateId: result.estimateId, updatedAt: now,
    });
    const text = planChangeText(extension, result, "add");
    if (row?.requestEntryId) await deps.settleOpenRequest(tx, organizationId, row.requestEntryId, caller.userId, { status: "Resolved", note: `Approved. ${text}${text.endsWith(".") ? "" : "."}` });
    await insertExtensionHistory(tx, { organizationId, extensionId: extension.id, action: "activated", actorId: caller.userId, planChange: result.planChange });
    return text;
  });
}

export function declineExtensionRequest(deps: ExtensionDeps, organizationId: string, caller: Caller, extensionId: string, reason: string): Promise<ExtensionChange> {
  return changeExtension(deps, organizationId, caller, extensionId, async ({ tx, extension, row }) => {
    if (row?.state !== "requested") refuseState(extension, stateOf(row) === "active" ? "active" : "available");
    await deleteExtension(tx, organizationId, extension.id);
    if (row.requestEntryId) await deps.settleOpenRequest(tx, organizationId, row.requestEntryId, caller.userId, { status: "Closed", note: `Declined: ${reason}` });
    await insertExtensionHistory(tx, { organizationId, extensionId: extension.id, action: "declined", actorId: caller.userId, note: reason });
    return `The request for ${extension.label} was declined`;
  });
}

export function deactivateExtension(deps: ExtensionDeps, organizationId: string, caller: Caller, extensionId: string, reason: string | null): Promise<ExtensionChange> {
  return changeExtension(deps, organizationId, caller, extensionId, async ({ tx, extension, row }) => {
    if (row?.state !== "active") throw new AppError("conflict", `${extension.label} is not active`);
    const result = await deps.changePrimaryEstimateAddOn(tx, organizationId, { inventoryId: extension.inventoryId, action: "remove", actorId: caller.userId });
    await deleteExtension(tx, organizationId, extension.id);
    await insertExtensionHistory(tx, { organizationId, extensionId: extension.id, action: "deactivated", actorId: caller.userId, note: reason, planChange: result.planChange });
    return planChangeText(extension, result, "remove");
  });
}
