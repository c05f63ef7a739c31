import type { Extension, ExtensionHistoryEntry } from "#common/contracts/extensions";
import { type ExtensionDefinition, EXTENSION_HISTORY_ACTIONS, EXTENSION_PLAN_CHANGES, isExtensionId } from "#common/domain/extensions";
import { formatActionLogReference } from "#common/domain/action-log";
import { decimalToCents } from "#common/domain/money";
import { type AccessFacts, checkItemAccess } from "#common/domain/access";
import type { Caller } from "#server/lib/app-context";
import type { AddOnPriceRow, ExtensionHistoryRow, ExtensionRow, PrimaryEstimateFacts } from "./extensions.queries.ts";

/** What the extensions page is built from: the organization's rows, its primary estimate, the price list's add-on lines. */
export interface ExtensionReadings {
  rows: ReadonlyMap<string, ExtensionRow>;
  /** The caller's access facts after the change: whether each extension's page opens to them. */
  facts: AccessFacts;
  primary: PrimaryEstimateFacts | null;
  prices: readonly AddOnPriceRow[];
}

const personOf = (id: string | null, name: string | null) => (id ? { id, name: name ?? "" } : null);

const isPlanChange = (value: string | null): value is Extension["plan_change"] & string =>
  value !== null && (EXTENSION_PLAN_CHANGES as readonly string[]).includes(value);

/** The price for the primary estimate's edition; without one, the lowest of the editions ("from"). */
function priceOf(extension: ExtensionDefinition, readings: ExtensionReadings): { cents: number | null; from: boolean } {
  const lines = readings.prices.filter((row) => row.inventoryId === extension.inventoryId);
  const own = readings.primary?.editionId ? lines.find((row) => row.editionId === readings.primary?.editionId) : undefined;
  if (own) return { cents: decimalToCents(own.price), from: false };
  const cents = lines.map((row) => decimalToCents(row.price));
  if (cents.length === 0) return { cents: null, from: false };
  const lowest = Math.min(...cents);
  return { cents: lowest, from: cents.some((value) => value !== lowest) };
}

export function presentExtension(extension: ExtensionDefinition, readings: ExtensionReadings, caller: Caller): Extension {
  const row = readings.rows.get(extension.id);
  const state = row?.state === "active" || row?.state === "requested" ? row.state : "available";
  const price = priceOf(extension, readings);
  const isRequester = row?.requestedBy === caller.userId;
  return {
    id: extension.id,
    label: extension.label,
    route: extension.route,
    summary: extension.summary,
    highlights: [...extension.highlights],
    inventory_id: extension.inventoryId,
    monthly_price_cents: price.cents,
    price_is_from: price.from,
    state,
    on_primary_estimate: readings.primary?.inventoryIds.includes(extension.inventoryId) ?? false,
    request:
      row?.requestedAt
        ? {
            by: personOf(row.requestedBy, row.requestedByName),
            at: row.requestedAt.toISOString(),
            note: row.requestNote,
            entry_id: row.requestEntryId,
            entry_reference: row.requestEntryNumber === null ? null : formatActionLogReference("Open Request", row.requestEntryNumber),
          }
        : null,
    activation: row?.activatedAt ? { by: personOf(row.activatedBy, row.activatedByName), at: row.activatedAt.toISOString() } : null,
    plan_change: state === "active" && isPlanChange(row?.planChange ?? null) ? (row?.planChange as Extension["plan_change"]) : null,
    can: {
      open: checkItemAccess(extension.id, readings.facts).allowed,
      request: !caller.isEmployee && state === "available",
      withdraw: !caller.isEmployee && state === "requested" && (isRequester || caller.role === "member_admin"),
      activate: caller.isEmployee && state !== "active",
      decline: caller.isEmployee && state === "requested",
      deactivate: caller.isEmployee && state === "active",
    },
  };
}

export function presentHistoryEntry(row: ExtensionHistoryRow): ExtensionHistoryEntry | undefined {
  if (!isExtensionId(row.extensionId)) return undefined;
  const action = EXTENSION_HISTORY_ACTIONS.find((known) => known === row.action);
  if (!action) return undefined;
  return {
    id: row.id,
    extension_id: row.extensionId,
    action,
    actor: personOf(row.actorId, row.actorName),
    note: row.note,
    plan_change: isPlanChange(row.planChange) ? row.planChange : null,
    created_at: row.createdAt.toISOString(),
  };
}
