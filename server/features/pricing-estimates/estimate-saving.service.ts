import type { Estimate, QuickEstimateBody, SaveEstimateBody } from "#common/contracts/pricing-estimates";
import { centsToDecimal, decimalToCents } from "#common/domain/money";
import {
  type CatalogChoice,
  DEFAULT_LICENSE_TYPE,
  type Edition,
  type EditionId,
  computeLineTotalCents,
  findEdition,
  isIncludedSku,
  recommendEdition,
  recommendEstimate,
} from "#common/domain/pricing";
import type { FieldIssue } from "#common/errors";
import type { Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { lockCatalogForRead } from "#server/queries/catalog-lock.queries";
import { ESTIMATE_LOCKED_MESSAGE, publishEstimateEvents, recordEstimateHistory, requireEstimate, writeEstimates } from "./estimate-changes.ts";
import {
  type NewEstimateLine,
  deleteEstimateLines,
  insertEstimateHeader,
  insertEstimateLines,
  selectPrimaryEstimateHeader,
  updateEstimateContent,
  upsertPricePageCompleted,
} from "./estimate-writes.queries.ts";
import { BUSINESS_ASPECTS } from "#common/contracts/launchpad-pages";
import { recordBusinessAspects } from "#server/queries/launchpad-progress.queries";
import { type CatalogItemRow, selectEditionCatalog } from "./estimates.queries.ts";
import { type EstimateDeps, loadEstimate } from "./estimates.service.ts";

/** The largest total the header's numeric(14, 2) holds. */
const MAX_ESTIMATE_TOTAL_CENTS = 99_999_999_999_999;

interface PricedEstimate {
  edition: Edition;
  name: string;
  source: "calculator" | "quick";
  /** The edition's base and core rows, then the chosen add-ons, priced from the catalog now. */
  lines: NewEstimateLine[];
  totalCents: number;
}

function refuse(issues: FieldIssue[]): never {
  const first = issues[0];
  throw new AppError("validation_failed", first ? `${first.path}: ${first.message}` : "The estimate is not valid", issues);
}

function requireEdition(editionId: EditionId): Edition {
  const edition = findEdition(editionId);
  if (!edition) refuse([{ path: "edition_id", message: "Choose an edition" }]);
  return edition;
}

function snapshotLine(row: CatalogItemRow, quantity: number): NewEstimateLine {
  return { inventoryId: row.inventoryId, module: row.module, description: row.description, skuType: row.skuType, price: row.price, quantity, status: "active" };
}

/**
 * Checks the chosen add-ons against what the catalog offers the edition (licence SAAS, visible
 * in the calculator) and prices the estimate: each refused line is a field issue on its
 * inventory id. The edition's base subscription and core features are added once each.
 */
function priceEstimate(
  catalog: readonly CatalogItemRow[],
  edition: Edition,
  chosen: SaveEstimateBody["lines"],
  naming: { name: string; source: "calculator" | "quick" },
): PricedEstimate {
  const offered = new Map(catalog.filter((row) => row.isCalculatorVisible).map((row) => [row.inventoryId, row]));
  const included = [...offered.values()].filter((row) => isIncludedSku(row.skuType));
  const issues: FieldIssue[] = [];
  if (!included.some((row) => row.skuType === "Base")) {
    issues.push({ path: "edition_id", message: `The ${edition.name} has no price in the catalog yet` });
  }
  const addOns = chosen.flatMap((line, index) => {
    const row = offered.get(line.inventory_id);
    const path = `lines.${index}.inventory_id`;
    if (!row) issues.push({ path, message: `This add-on is not offered with the ${edition.name}` });
    else if (row.skuType !== "AddOn") issues.push({ path, message: `This is already included with the ${edition.name}` });
    else return [snapshotLine(row, line.quantity)];
    return [];
  });
  if (issues.length > 0) refuse(issues);

  const lines = [...included.map((row) => snapshotLine(row, 1)), ...addOns];
  let totalCents = 0;
  for (const line of lines) {
    // Stops at the first line past the limit, so the running sum stays a safe integer.
    totalCents += computeLineTotalCents(decimalToCents(line.price), line.quantity ?? 1);
    if (totalCents > MAX_ESTIMATE_TOTAL_CENTS) refuse([{ path: "lines", message: "The estimate's monthly total is too large" }]);
  }
  return { edition, ...naming, lines, totalCents };
}

/** Reads the edition's catalog inside the save's transaction, after any running import has committed. */
async function readEditionCatalog(tx: Transaction, editionId: string): Promise<CatalogItemRow[]> {
  await lockCatalogForRead(tx);
  return selectEditionCatalog(tx, editionId);
}

async function priceCalculatorEstimate(tx: Transaction, body: SaveEstimateBody): Promise<PricedEstimate> {
  const edition = requireEdition(body.edition_id);
  const catalog = await readEditionCatalog(tx, edition.id);
  return priceEstimate(catalog, edition, body.lines, { name: body.name ?? `${edition.name} estimate`, source: "calculator" });
}

/** Inserts the estimate; the organization's first (while it has no primary) becomes its primary. */
async function insertEstimate(
  deps: EstimateDeps,
  organizationId: string,
  caller: Caller,
  price: (tx: Transaction) => Promise<PricedEstimate>,
): Promise<Estimate> {
  return writeEstimates(deps.db, organizationId, async (tx) => {
    const priced = await price(tx);
    const primary = await selectPrimaryEstimateHeader(tx, organizationId);
    const header = await insertEstimateHeader(tx, {
      organizationId,
      name: priced.name,
      editionId: priced.edition.id,
      licenseTypeId: DEFAULT_LICENSE_TYPE,
      source: priced.source,
      isPrimary: primary === undefined,
      totalMonthlyPrice: centsToDecimal(priced.totalCents),
      createdBy: caller.userId,
    });
    await insertEstimateLines(tx, header.id, priced.lines);
    const estimate = await loadEstimate(tx, organizationId, header.id);
    if (!estimate) throw new Error("the estimate just saved was not found");
    await recordEstimateHistory(tx, estimate, "created", caller.userId);
    await upsertPricePageCompleted(tx, organizationId, new Date());
    // "An estimate exists" is one of the launchpad's flags.
    await deps.recalculateLaunchpad(tx, organizationId);
    await publishEstimateEvents(tx, organizationId, { headers: [header.id], details: [header.id], launchpad: true });
    return estimate;
  });
}

/** Saves a calculator estimate: header and lines in one transaction. */
export async function createEstimate(deps: EstimateDeps, organizationId: string, caller: Caller, body: SaveEstimateBody): Promise<Estimate> {
  return insertEstimate(deps, organizationId, caller, (tx) => priceCalculatorEstimate(tx, body));
}

/** The quick estimate (/business): the recommended edition and add-ons, saved like any other. */
export async function createQuickEstimate(deps: EstimateDeps, organizationId: string, caller: Caller, body: QuickEstimateBody): Promise<Estimate> {
  const edition = requireEdition(recommendEdition(body.business_aspects));
  return insertEstimate(deps, organizationId, caller, async (tx) => {
    // The aspects chosen here are the organization's answer: Business Setup shows them as answered.
    const aspects = BUSINESS_ASPECTS.filter((aspect) => body.business_aspects.some((chosen) => chosen.trim().toLowerCase() === aspect.toLowerCase()));
    await recordBusinessAspects(tx, organizationId, aspects, new Date());
    const catalog = await readEditionCatalog(tx, edition.id);
    const choices: CatalogChoice[] = catalog.map((row) => ({
      inventory_id: row.inventoryId,
      module: row.module,
      sku_type: row.skuType,
      edition_id: row.editionId,
      license_type_id: row.licenseTypeId,
      is_calculator_visible: row.isCalculatorVisible,
    }));
    const recommended = recommendEstimate(body, choices);
    return priceEstimate(catalog, edition, recommended.lines, { name: `Quick estimate: ${edition.name}`, source: "quick" });
  });
}

/** Replaces an unlocked estimate's edition, name and lines (409 while locked). */
export async function updateEstimate(
  deps: EstimateDeps,
  organizationId: string,
  caller: Caller,
  estimateId: string,
  body: SaveEstimateBody,
): Promise<Estimate> {
  return writeEstimates(deps.db, organizationId, async (tx) => {
    const current = await requireEstimate(tx, organizationId, estimateId);
    if (current.header.isLocked) throw new AppError("conflict", ESTIMATE_LOCKED_MESSAGE);
    const priced = await priceCalculatorEstimate(tx, body);
    const savedAt = new Date();
    await updateEstimateContent(tx, organizationId, estimateId, {
      name: priced.name,
      editionId: priced.edition.id,
      totalMonthlyPrice: centsToDecimal(priced.totalCents),
      updatedAt: savedAt,
    });
    await deleteEstimateLines(tx, estimateId);
    await insertEstimateLines(tx, estimateId, priced.lines);
    const estimate = await loadEstimate(tx, organizationId, estimateId);
    if (!estimate) throw new Error("the estimate just saved was not found");
    await recordEstimateHistory(tx, estimate, "updated", caller.userId);
    // Saving completes the price page; its readings move only the first time.
    const pageCompleted = await upsertPricePageCompleted(tx, organizationId, savedAt);
    if (pageCompleted) await deps.recalculateLaunchpad(tx, organizationId);
    await publishEstimateEvents(tx, organizationId, { headers: [estimateId], details: [estimateId], launchpad: pageCompleted });
    return estimate;
  });
}
