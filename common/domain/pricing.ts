import { hasBusinessAspect } from "./access.ts";

/** Pricing rules both sides need (spec §3, §4, §9): editions, licences, line totals, the quick estimate. */

export const EDITION_IDS = ["FE", "SE", "CE", "EE"] as const;
export type EditionId = (typeof EDITION_IDS)[number];

export interface Edition {
  id: EditionId;
  name: string;
  summary: string;
}

/** Smallest to largest: the quick estimate and the calculator list them in this order. */
export const EDITIONS: readonly Edition[] = [
  { id: "FE", name: "Financial Edition", summary: "Core financials, banking and reporting for service businesses." },
  { id: "SE", name: "Standard Edition", summary: "Financials plus inventory, sales and purchasing for distributors." },
  { id: "CE", name: "Commerce Edition", summary: "Standard Edition plus online store connectors and omnichannel orders." },
  { id: "EE", name: "Enterprise Edition", summary: "Every suite: distribution, commerce and manufacturing on one platform." },
];

export function isEditionId(value: string): value is EditionId {
  return (EDITION_IDS as readonly string[]).includes(value);
}

export function findEdition(id: string | null | undefined): Edition | undefined {
  return EDITIONS.find((edition) => edition.id === id);
}

/** Licence types the portal offers (spec §9: SaaS only). Catalog rows may carry others. */
export const OFFERED_LICENSE_TYPES = ["SAAS"] as const;
export const DEFAULT_LICENSE_TYPE = "SAAS";
/** Contract type of the core included features (spec §3). */
export const CORE_CONTRACT_TYPE = "SP";

/**
 * Base: the edition's subscription, always included once. Core: included features, priced 0.
 * AddOn: optional modules chosen in the calculator with a quantity.
 */
export const SKU_TYPES = ["Base", "Core", "AddOn"] as const;
export type SkuType = (typeof SKU_TYPES)[number];

export function isIncludedSku(skuType: string): boolean {
  return skuType === "Base" || skuType === "Core";
}

/** Spec §9: the price of a locked subscription holds for five years. */
export const PRICE_LOCK_YEARS = 5;
export const MONTHS_PER_YEAR = 12;
export const PRICE_LOCK_STATEMENT = `Your price is locked for ${PRICE_LOCK_YEARS} years once your estimate is locked.`;
export const SALES_TAX_STATEMENT = "Prices exclude sales tax, which is applied where applicable.";

export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 9_999;
export const DEFAULT_LINE_QUANTITY = 1;

/** Spec §9: line total = price × quantity (quantity 1 when not given). */
export function computeLineTotalCents(priceCents: number, quantity: number = DEFAULT_LINE_QUANTITY): number {
  return priceCents * quantity;
}

export interface PricedLine {
  price_cents: number;
  quantity: number;
}

export function computeMonthlyTotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + computeLineTotalCents(line.price_cents, line.quantity), 0);
}

/** The total over the price lock: monthly × 12 × 5. */
export function computePriceLockTotalCents(monthlyCents: number): number {
  return monthlyCents * MONTHS_PER_YEAR * PRICE_LOCK_YEARS;
}

/** Spec §7: primary first, then newest. */
export function compareEstimates(
  a: { is_primary: boolean; created_at: string },
  b: { is_primary: boolean; created_at: string },
): number {
  if (a.is_primary !== b.is_primary) return a.is_primary ? -1 : 1;
  return b.created_at.localeCompare(a.created_at);
}

// ---- Quick estimate (/business) ----

/** The size question's answers: the business setup page's employee bands. */
export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1001+"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** The add-on that adds ERP users in packs of ten, sized from the company's head count. */
export const USER_PACK_INVENTORY_ID = "ADD-USERS-10";
const USER_PACKS_BY_SIZE: Record<CompanySize, number> = {
  "1-10": 0,
  "11-50": 2,
  "51-200": 6,
  "201-500": 15,
  "501-1000": 30,
  "1001+": 60,
};

/** Which add-on module each business aspect calls for. */
const MODULES_BY_ASPECT: Record<string, readonly string[]> = {
  Distribution: ["Warehouse Management"],
  Manufacturing: ["Manufacturing"],
  eCommerce: ["Commerce Connectors"],
  Services: ["Time and Expense"],
  "Project Accounting": ["Project Accounting"],
  "Field Service": ["Field Service"],
};

export function recommendEdition(aspects: readonly string[]): EditionId {
  if (hasBusinessAspect(aspects, "Manufacturing")) return "EE";
  if (hasBusinessAspect(aspects, "eCommerce")) return "CE";
  if (hasBusinessAspect(aspects, "Distribution")) return "SE";
  return "FE";
}

export interface CatalogChoice {
  inventory_id: string;
  module: string;
  sku_type: string;
  edition_id: string;
  license_type_id: string;
  is_calculator_visible: boolean;
}

export interface RecommendedEstimate {
  edition_id: EditionId;
  lines: { inventory_id: string; quantity: number }[];
}

/**
 * The quick estimate: an edition from the aspects, every calculator add-on of the modules those
 * aspects call for that the edition offers, and user packs for the head count. Base and core rows
 * are not listed: every estimate includes them.
 */
export function recommendEstimate(
  answers: { business_aspects: readonly string[]; company_size: CompanySize },
  catalog: readonly CatalogChoice[],
): RecommendedEstimate {
  const edition = recommendEdition(answers.business_aspects);
  const wantedModules = new Set(
    Object.entries(MODULES_BY_ASPECT)
      .filter(([aspect]) => hasBusinessAspect(answers.business_aspects, aspect))
      .flatMap(([, modules]) => modules),
  );
  const offered = catalog.filter(
    (row) =>
      row.edition_id === edition &&
      row.license_type_id === DEFAULT_LICENSE_TYPE &&
      row.is_calculator_visible &&
      row.sku_type === "AddOn",
  );
  const lines = offered
    .filter((row) => wantedModules.has(row.module))
    .map((row) => ({ inventory_id: row.inventory_id, quantity: DEFAULT_LINE_QUANTITY }));
  const packs = USER_PACKS_BY_SIZE[answers.company_size];
  if (packs > 0 && offered.some((row) => row.inventory_id === USER_PACK_INVENTORY_ID)) {
    lines.push({ inventory_id: USER_PACK_INVENTORY_ID, quantity: packs });
  }
  lines.sort((a, b) => a.inventory_id.localeCompare(b.inventory_id));
  return { edition_id: edition, lines };
}

// ---- Estimate states ----

export const ESTIMATE_LINE_STATUSES = ["active", "incompatible"] as const;
export type EstimateLineStatus = (typeof ESTIMATE_LINE_STATUSES)[number];

export const ESTIMATE_HISTORY_ACTIONS = [
  "created",
  "updated",
  "set_primary",
  "locked",
  "unlocked",
  "approved",
  "approval_withdrawn",
  "deleted",
  "lines_excluded",
] as const;
export type EstimateHistoryAction = (typeof ESTIMATE_HISTORY_ACTIONS)[number];

/**
 * Who may lock the primary estimate, which commits the organization to it: its admins and
 * provider employees. Unlocking and approval are for employees alone.
 */
export function canLockEstimate(user: { isEmployee: boolean; role: string }): boolean {
  return user.isEmployee || user.role === "member_admin";
}

/** Where each kind of line sits when an estimate is read: the base subscription, the add-ons, then what is included. */
const LINE_KIND_RANK: Readonly<Record<string, number>> = { Base: 0, AddOn: 1, Core: 2 };

function lineKindRank(skuType: string): number {
  return LINE_KIND_RANK[skuType] ?? Object.keys(LINE_KIND_RANK).length;
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Lines in the order a customer reads them (summary, plan, comparison): the base subscription
 * first, then the add-ons by module, then the included items by module; inventory id last, so the
 * order is total.
 */
export function compareEstimateLines(
  a: { sku_type: string; module: string; inventory_id: string },
  b: { sku_type: string; module: string; inventory_id: string },
): number {
  return lineKindRank(a.sku_type) - lineKindRank(b.sku_type) || a.module.localeCompare(b.module, "en-US") || compareCodePoints(a.inventory_id, b.inventory_id);
}

/** The comparison's module rows in the same order: each module where its first line would sit. */
export function orderModules(lines: readonly { sku_type: string; module: string }[]): string[] {
  const rank = new Map<string, number>();
  for (const line of lines) rank.set(line.module, Math.min(rank.get(line.module) ?? Number.POSITIVE_INFINITY, lineKindRank(line.sku_type)));
  return [...rank.keys()].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0) || a.localeCompare(b, "en-US"));
}
