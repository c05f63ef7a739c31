import type { Locator, Page } from "@playwright/test";
import type { CatalogAnswer, CatalogRow } from "../../../common/contracts/pricing-catalog.ts";
import type { Estimate, EstimateList, SaveEstimateBody } from "../../../common/contracts/pricing-estimates.ts";
import { formatMonthlyPrice, parseAmountToCents } from "../../../common/domain/money.ts";
export { expectToast } from "./launchpad-steps.ts";
import { expect } from "./portal-fixtures.ts";

/**
 * Steps the pricing specs share: the header's price button, estimate rows, toasts with their
 * text, the calculator's own figures, estimates written straight through the API (as the signed-in
 * member, with the page's cookies) and the catalog CSV.
 */

/** The header's subscription price button. */
export function priceButton(page: Page): Locator {
  return page.getByTestId("price-button");
}

/** The header shows the primary estimate's monthly total in whole dollars ("$3,561/mo"). */
export async function expectHeaderPrice(page: Page, totalCents: number) {
  const text = formatMonthlyPrice(totalCents);
  await expect(priceButton(page)).toHaveText(text);
  await expect(priceButton(page)).toHaveAccessibleName(`Subscription price: ${text}`);
}

/** Opens the Pricing Summary panel from the header. */
export async function openPricingSummary(page: Page): Promise<Locator> {
  await priceButton(page).click();
  const panel = page.getByRole("dialog", { name: "Pricing Summary" });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * Closes the panel with Escape and waits until the page takes the pointer again: the modal keeps
 * `pointer-events: none` on the body until its closing animation ends, and a hover meanwhile
 * reaches nothing.
 */
export async function closePricingSummary(page: Page) {
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Pricing Summary" })).toBeHidden();
  await expect(page.locator("body")).not.toHaveCSS("pointer-events", "none");
}

/**
 * Focuses an element after scrolling it into view and letting the scroll event go by: an open
 * tooltip closes on any scroll around its trigger, and focusing scrolls only if it must.
 * (Hovering is no way to show a tooltip near the toasts: one sliding under the pointer closes it.)
 */
export async function focusInView(page: Page, element: Locator) {
  await element.scrollIntoViewIfNeeded();
  // Scroll events are dispatched in the rendering step before animation frame callbacks.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await element.focus();
}


/** The row of the estimate in /price's "Your estimates". */
export function estimateRow(page: Page, estimateId: string): Locator {
  return page.locator(`[data-testid="estimate-row"][data-estimate-id="${estimateId}"]`);
}

/** The estimate opened in /price (?estimate=<id>). */
export function openedEstimateId(page: Page): string {
  const id = new URL(page.url()).searchParams.get("estimate");
  if (!id) throw new Error(`no estimate opened at ${page.url()}`);
  return id;
}

/** "$1,234.50" (or "$1,234") → cents. */
export function centsOf(amount: string): number {
  const cents = parseAmountToCents(amount.trim());
  if (cents === null) throw new Error(`not an amount: ${amount}`);
  return cents;
}

/**
 * The calculator's monthly total in cents from the figures it shows: the included items that have
 * a price (the base subscription) plus the line totals of the chosen add-ons.
 */
export async function sumCalculatorFigures(page: Page): Promise<number> {
  const included = await page.getByTestId("included-row").locator("td:nth-child(3)").allInnerTexts();
  const lineTotals = await page.getByTestId("addon-row").getByTestId("line-total").allInnerTexts();
  // Core items read "Included"; add-ons not chosen show a dash and no amount.
  return [...included, ...lineTotals].filter((text) => text.trim().startsWith("$")).reduce((sum, text) => sum + centsOf(text), 0);
}

/** Saves an estimate as the page's signed-in member, through the API. */
export async function saveEstimateThroughApi(page: Page, body: SaveEstimateBody): Promise<Estimate> {
  const response = await page.request.post("/api/pricing/estimates", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Estimate;
}

/** Locks the (primary) estimate as the page's signed-in member, through the API. */
export async function lockEstimateThroughApi(page: Page, estimateId: string) {
  const response = await page.request.post(`/api/pricing/estimates/${estimateId}/lock`);
  expect(response.status(), await response.text()).toBe(200);
}

/** One estimate as the API answers it to the page's signed-in member. */
export async function fetchEstimate(page: Page, estimateId: string): Promise<Estimate> {
  const response = await page.request.get(`/api/pricing/estimates/${estimateId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Estimate;
}

/** The organization's estimates, primary first, as the API answers them. */
export async function fetchEstimates(page: Page): Promise<EstimateList["estimates"]> {
  const response = await page.request.get("/api/pricing/estimates");
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as EstimateList).estimates;
}

/** The catalog as CSV, exported with the page's (employee's) cookies. */
export async function exportCatalogThroughApi(page: Page): Promise<string> {
  const response = await page.request.get("/api/pricing/catalog/export");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/csv\b/);
  return response.text();
}

/**
 * The exported CSV with the price of the data row in the middle of the file replaced by "abc",
 * and that row's line number in the file (the header is line 1). The columns after the price
 * (sku type, licence, contract, visibility) never hold commas, so the price is the fifth field
 * from the end whatever quoting the description needs.
 */
export function breakOnePrice(csv: string): { csv: string; line: number } {
  const lines = csv.split("\n");
  const dataLines = lines.filter((text, index) => index > 0 && text.trim() !== "").length;
  const index = Math.ceil(dataLines / 2);
  const original = lines[index] ?? "";
  const broken = original.replace(/,[^,]*(,[^,]*,[^,]*,[^,]*,[^,]*)$/, ",abc$1");
  if (broken === original) throw new Error(`no price found on line ${index + 1}: ${original}`);
  lines[index] = broken;
  return { csv: lines.join("\n"), line: index + 1 };
}

/** The first add-on of the edition the calculator offers, from the catalog the API answers. */
export async function firstOfferedAddOn(page: Page, editionId: string): Promise<CatalogRow> {
  const response = await page.request.get(`/api/pricing/catalog?editions=${editionId}`);
  expect(response.status()).toBe(200);
  const { rows } = (await response.json()) as CatalogAnswer;
  const addOn = rows.find((row) => row.sku_type === "AddOn" && row.is_calculator_visible);
  if (!addOn) throw new Error(`the catalog offers no add-on for ${editionId}`);
  return addOn;
}

export interface LockedAndOpenEstimates {
  /** "Financials plan": Financial Edition with one add-on, primary and locked. */
  locked: Estimate;
  /** "Enterprise plan": Enterprise Edition alone, neither primary nor locked. */
  open: Estimate;
}

/** Two estimates of the page's member (a member admin, who may lock), the first primary and locked. */
export async function saveLockedAndOpenEstimates(page: Page): Promise<LockedAndOpenEstimates> {
  const addOn = await firstOfferedAddOn(page, "FE");
  const locked = await saveEstimateThroughApi(page, {
    name: "Financials plan",
    edition_id: "FE",
    lines: [{ inventory_id: addOn.inventory_id, quantity: 2 }],
  });
  const open = await saveEstimateThroughApi(page, { name: "Enterprise plan", edition_id: "EE", lines: [] });
  expect([locked.is_primary, open.is_primary]).toEqual([true, false]);
  await lockEstimateThroughApi(page, locked.id);
  return { locked: await fetchEstimate(page, locked.id), open };
}
