import { expect } from "vitest";
import type { CatalogAnswer, CatalogRow } from "#common/contracts/pricing-catalog";
import type { Estimate, SaveEstimateBody } from "#common/contracts/pricing-estimates";
import type { EditionId } from "#common/domain/pricing";
import type { Runtime } from "#server/runtime";
import { type TestUser, call } from "./factories.ts";

/**
 * Helpers of the estimate tests. The catalog is global (and shared by every file on PostgreSQL),
 * so tests read the rows they use from it instead of assuming its prices.
 */

/** The edition's SaaS rows the calculator offers (visible), read through the API. */
export async function readOfferedCatalog(runtime: Runtime, as: TestUser, edition: EditionId): Promise<CatalogRow[]> {
  const response = await call(runtime, `/api/pricing/catalog?editions=${edition}`, { as });
  expect(response.status).toBe(200);
  const answer: CatalogAnswer = await response.json();
  return answer.rows.filter((row) => row.is_calculator_visible);
}

/** The add-ons of an offered catalog, `count` of them (the test fails when there are fewer). */
export function pickAddOns(catalog: readonly CatalogRow[], count: number): CatalogRow[] {
  const addOns = catalog.filter((row) => row.sku_type === "AddOn");
  expect(addOns.length, "the catalog offers enough add-ons").toBeGreaterThanOrEqual(count);
  return addOns.slice(0, count);
}

/** The rows every estimate of the edition includes: its Base and Core rows. */
export function includedRows(catalog: readonly CatalogRow[]): CatalogRow[] {
  return catalog.filter((row) => row.sku_type === "Base" || row.sku_type === "Core");
}

export function saveEstimate(runtime: Runtime, as: TestUser, body: unknown, options: { id?: string; org?: string } = {}): Promise<Response> {
  const path = options.id ? `/api/pricing/estimates/${options.id}` : "/api/pricing/estimates";
  return call(runtime, path, { method: options.id ? "PUT" : "POST", as, org: options.org, body });
}

/** Saves a calculator estimate and expects it to work. */
export async function createEstimateOk(runtime: Runtime, as: TestUser, body: SaveEstimateBody, org?: string): Promise<Estimate> {
  const response = await saveEstimate(runtime, as, body, { org });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

/** An estimate of the edition with its base and core rows only (any edition with a Base row works). */
export function createPlainEstimate(runtime: Runtime, as: TestUser, name: string, org?: string): Promise<Estimate> {
  return createEstimateOk(runtime, as, { name, edition_id: "FE", lines: [] }, org);
}

/** Calls one of the estimate's actions (primary, lock, unlock) as `as`. */
export function estimateAction(runtime: Runtime, as: TestUser, estimateId: string, action: "primary" | "lock" | "unlock", org?: string): Promise<Response> {
  return call(runtime, `/api/pricing/estimates/${estimateId}/${action}`, { method: "POST", as, org });
}

export async function readJson<T>(runtime: Runtime, path: string, as: TestUser, org?: string): Promise<T> {
  const response = await call(runtime, path, { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** The error body's code, message and field issues. */
export async function errorOf(response: Response): Promise<{ code: string; message: string; details?: { path: string; message: string }[] }> {
  return (await response.json()).error;
}

export { eventsAfter } from "./realtime-test-kit.ts";

const KIND_ORDER = ["Base", "AddOn", "Core"];

/**
 * Expects lines in reading order, checked on its own terms: every Base line, then every add-on,
 * then every included (Core) line; within a kind, modules in alphabetical order.
 */
export function expectReadingOrder(lines: readonly { sku_type: string; module: string }[]): void {
  const kinds = lines.map((line) => KIND_ORDER.indexOf(line.sku_type));
  expect(kinds, "base, then add-ons, then included items").toEqual([...kinds].sort((a, b) => a - b));
  for (const kind of KIND_ORDER) {
    const modules = lines.filter((line) => line.sku_type === kind).map((line) => line.module);
    expect(modules, `the ${kind} lines by module`).toEqual([...modules].sort((a, b) => a.localeCompare(b, "en-US")));
  }
}
