import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { type Estimate, type SaveEstimateBody, estimateLineInputSchema, saveEstimateBodySchema } from "#common/contracts/pricing-estimates";
import type { FieldIssue } from "#common/errors";
import {
  DEFAULT_LICENSE_TYPE,
  DEFAULT_LINE_QUANTITY,
  EDITIONS,
  type EditionId,
  computeLineTotalCents,
  isEditionId,
} from "#common/domain/pricing";

/** The calculator's rules, apart from React: what an edition offers, the draft, its totals and its body. */

export interface EditionOffer {
  /** Base then Core rows: always part of an estimate, once. */
  included: CatalogRow[];
  /** Optional add-ons grouped by module (modules alphabetical, rows in catalog order). */
  groups: { module: string; rows: CatalogRow[] }[];
  includedCents: number;
}

/**
 * What `editionId` offers in SaaS. The server adds every Base and Core row of the edition and
 * accepts only add-ons visible in the calculator, so the calculator shows exactly those.
 */
export function describeEditionOffer(rows: readonly CatalogRow[], editionId: string): EditionOffer {
  const saas = rows.filter((row) => row.edition_id === editionId && row.license_type_id === DEFAULT_LICENSE_TYPE);
  const included = [...saas.filter((row) => row.sku_type === "Base"), ...saas.filter((row) => row.sku_type === "Core")];
  const modules = new Map<string, CatalogRow[]>();
  for (const row of saas) {
    if (row.sku_type !== "AddOn" || !row.is_calculator_visible) continue;
    modules.set(row.module, [...(modules.get(row.module) ?? []), row]);
  }
  const groups = [...modules.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([module, groupRows]) => ({ module, rows: groupRows }));
  return { included, groups, includedCents: included.reduce((sum, row) => sum + computeLineTotalCents(row.price_cents), 0) };
}

/** The edition's subscription price: its Base rows; null when the catalog has none. */
export function basePriceOf(rows: readonly CatalogRow[], editionId: string): number | null {
  const base = rows.filter((row) => row.edition_id === editionId && row.license_type_id === DEFAULT_LICENSE_TYPE && row.sku_type === "Base");
  return base.length === 0 ? null : base.reduce((sum, row) => sum + row.price_cents, 0);
}

/** The monthly total of `lines` in the edition: its included rows plus each line's price × quantity. */
export function totalOfLines(rows: readonly CatalogRow[], editionId: string, lines: readonly { inventory_id: string; quantity: number }[]): number {
  const offer = describeEditionOffer(rows, editionId);
  const prices = new Map(offer.groups.flatMap((group) => group.rows.map((row) => [row.inventory_id, row.price_cents] as const)));
  return lines.reduce((sum, line) => sum + computeLineTotalCents(prices.get(line.inventory_id) ?? 0, line.quantity), offer.includedCents);
}

/** How the calculator names a catalog row or an estimate line: its description, else its inventory id. */
export function itemLabel(row: { description: string | null; inventory_id: string }): string {
  return row.description?.trim() || row.inventory_id;
}

export interface AddOnPick {
  selected: boolean;
  /** As typed; checked by checkQuantity. */
  quantity: string;
}

export interface CalculatorDraft {
  editionId: EditionId;
  name: string;
  /** By inventory id. Picks survive an edition change, so switching back keeps them. */
  picks: ReadonlyMap<string, AddOnPick>;
}

export function createEmptyDraft(): CalculatorDraft {
  return { editionId: EDITIONS[0]?.id ?? "FE", name: "", picks: new Map() };
}

/** An estimate as the calculator edits it: its edition, name and chosen add-ons. */
export function createDraftFromEstimate(estimate: Estimate): CalculatorDraft {
  const editionId = estimate.edition_id !== null && isEditionId(estimate.edition_id) ? estimate.edition_id : createEmptyDraft().editionId;
  const picks = new Map<string, AddOnPick>();
  for (const line of estimate.lines) {
    if (line.sku_type === "AddOn") picks.set(line.inventory_id, { selected: true, quantity: String(line.quantity) });
  }
  return { editionId, name: estimate.name, picks };
}

/** Add-on lines of the estimate that its edition no longer offers in the calculator. */
export function countUnofferedLines(estimate: Estimate, rows: readonly CatalogRow[]): number {
  const offer = describeEditionOffer(rows, estimate.edition_id ?? "");
  const offered = new Set(offer.groups.flatMap((group) => group.rows.map((row) => row.inventory_id)));
  return estimate.lines.filter((line) => line.sku_type === "AddOn" && !offered.has(line.inventory_id)).length;
}

const quantitySchema = estimateLineInputSchema.shape.quantity;
const nameSchema = saveEstimateBodySchema.shape.name.unwrap();
const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

/** The typed quantity as a number, or the contract's message for it (1 to 9,999, whole). */
export function checkQuantity(text: string): { quantity: number } | { error: string } {
  const trimmed = text.trim();
  const parsed = quantitySchema.safeParse(NUMBER_PATTERN.test(trimmed) ? Number(trimmed) : Number.NaN);
  if (parsed.success) return { quantity: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? "Quantity must be a whole number" };
}

/** The optional name's problem, if any (empty is fine: the server names it after the edition). */
export function checkName(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  const parsed = nameSchema.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export interface CalculatorLine {
  row: CatalogRow;
  selected: boolean;
  quantityText: string;
  quantity: number | null;
  error: string | undefined;
  /** Null while not selected or the quantity is invalid. */
  lineTotalCents: number | null;
}

export interface CalculatorState {
  offer: EditionOffer;
  groups: { module: string; lines: CalculatorLine[] }[];
  /** Included rows plus every selected add-on with a valid quantity. */
  monthlyTotalCents: number;
  nameError: string | undefined;
  /** What saving sends; null while a field is invalid. */
  body: SaveEstimateBody | null;
}

export function describeCalculator(draft: CalculatorDraft, rows: readonly CatalogRow[]): CalculatorState {
  const offer = describeEditionOffer(rows, draft.editionId);
  let valid = true;
  const groups = offer.groups.map((group) => ({
    module: group.module,
    lines: group.rows.map((row): CalculatorLine => {
      const pick = draft.picks.get(row.inventory_id);
      const selected = pick?.selected ?? false;
      const quantityText = pick?.quantity ?? String(DEFAULT_LINE_QUANTITY);
      const checked = selected ? checkQuantity(quantityText) : null;
      const quantity = checked && "quantity" in checked ? checked.quantity : null;
      const error = checked && "error" in checked ? checked.error : undefined;
      if (error) valid = false;
      return { row, selected, quantityText, quantity, error, lineTotalCents: quantity === null ? null : computeLineTotalCents(row.price_cents, quantity) };
    }),
  }));
  const chosen = groups.flatMap((group) => group.lines).filter((line) => line.lineTotalCents !== null);
  const nameError = checkName(draft.name);
  const name = draft.name.trim();
  const body: SaveEstimateBody = {
    ...(name === "" ? {} : { name }),
    edition_id: draft.editionId,
    lines: chosen
      .map((line) => ({ inventory_id: line.row.inventory_id, quantity: line.quantity ?? DEFAULT_LINE_QUANTITY }))
      .sort((a, b) => a.inventory_id.localeCompare(b.inventory_id)),
  };
  return {
    offer,
    groups,
    monthlyTotalCents: offer.includedCents + chosen.reduce((sum, line) => sum + (line.lineTotalCents ?? 0), 0),
    nameError,
    body: valid && !nameError ? body : null,
  };
}

/** What the draft would save, as text: two drafts with the same signature have nothing to save between them. */
export function signDraft(draft: CalculatorDraft, rows: readonly CatalogRow[]): string {
  const offered = new Set(describeEditionOffer(rows, draft.editionId).groups.flatMap((group) => group.rows.map((row) => row.inventory_id)));
  const lines = [...draft.picks.entries()]
    .filter(([inventoryId, pick]) => pick.selected && offered.has(inventoryId))
    .map(([inventoryId, pick]) => [inventoryId, pick.quantity.trim()])
    .sort(([a = ""], [b = ""]) => a.localeCompare(b));
  return JSON.stringify({ edition: draft.editionId, name: draft.name.trim(), lines });
}

export interface PlacedIssues {
  name?: string;
  edition?: string;
  /** By inventory id: which of the line's fields, and the message. */
  lines: Map<string, { field: "inventory_id" | "quantity"; message: string }>;
  /** Issues about no single field ("Each add-on can be chosen once"). */
  other: string[];
}

const LINE_PATH = /^lines\.(\d+)\.(inventory_id|quantity)$/;

/** The server's field issues next to their fields: `lines.<i>.…` names the i-th line that was sent. */
export function placeServerIssues(issues: readonly FieldIssue[], sentLines: readonly { inventory_id: string }[]): PlacedIssues {
  const placed: PlacedIssues = { lines: new Map(), other: [] };
  for (const issue of issues) {
    const line = LINE_PATH.exec(issue.path);
    const inventoryId = line ? sentLines[Number(line[1])]?.inventory_id : undefined;
    if (line && inventoryId !== undefined) {
      placed.lines.set(inventoryId, { field: line[2] === "quantity" ? "quantity" : "inventory_id", message: issue.message });
    } else if (issue.path === "name") placed.name = issue.message;
    else if (issue.path === "edition_id") placed.edition = issue.message;
    else placed.other.push(issue.message);
  }
  return placed;
}

export function hasPlacedIssues(placed: PlacedIssues): boolean {
  return placed.name !== undefined || placed.edition !== undefined || placed.lines.size > 0 || placed.other.length > 0;
}
