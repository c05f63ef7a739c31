import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Nda } from "#common/contracts/nda";
import { dataConnections, launchpadProgress, moduleSubmissionStatus, ndas, pricingEstimates, realtimeEvents } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, call } from "./factories.ts";

/** Helpers shared by the NDA, launchpad and dashboard tests. */

export const SIGNATURE = { full_name: "Ana Lima", title: "Chief Financial Officer", agreed: true } as const;

export function signNda(runtime: Runtime, as: TestUser, body: unknown = SIGNATURE, org?: string): Promise<Response> {
  return call(runtime, "/api/nda/sign", { method: "POST", as, org, body });
}

/** Signs as `member` and expects it to work. */
export async function signNdaOk(runtime: Runtime, member: TestUser): Promise<Nda> {
  const response = await signNda(runtime, member);
  expect(response.status).toBe(201);
  return response.json();
}

/** The storage key of an NDA's PDF, read from the database. */
export async function documentKeyOf(runtime: Runtime, ndaId: string): Promise<string | null> {
  const [row] = await runtime.database.db.select({ key: ndas.documentKey }).from(ndas).where(eq(ndas.id, ndaId));
  return row?.key ?? null;
}

/** Whether storage holds the key (the opened file is closed again). */
export async function isStored(runtime: Runtime, key: string): Promise<boolean> {
  const stored = await runtime.storage.get(key);
  stored?.body.destroy();
  return stored !== null;
}

/** The newest realtime event id of the organization (0 when none), to look at what follows. */
export async function lastEventId(runtime: Runtime, organizationId: string): Promise<number> {
  const rows = await runtime.database.db
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.organizationId, organizationId))
    .orderBy(desc(realtimeEvents.id))
    .limit(1);
  return rows[0]?.id ?? 0;
}

/** The path and query of a signed URL, for app.request(). */
export function relativeUrl(url: string): string {
  const parsed = new URL(url, "http://portal.test");
  return `${parsed.pathname}${parsed.search}`;
}

/** A date `days` from today (UTC) as YYYY-MM-DD. */
export function isoDateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Complete, valid answers for each page the launchpad saves. */
export function validAnswers(): Record<string, Record<string, unknown>> {
  return {
    "business-setup": {
      industry: "Wholesale distribution",
      employee_count: "51-200",
      annual_revenue: "$10M-$50M",
      website: "https://acme.example",
      goals: ["Close the books faster", "One view of inventory"],
      business_aspects: ["Distribution", "eCommerce"],
    },
    distribution: { warehouse_count: 2, inventory_methods: ["FIFO"], shipping_carriers: ["UPS", "FedEx"], tracks_lots_or_serials: true, uses_drop_shipping: false },
    manufacturing: { production_types: ["Make to Order"], bom_levels: 3, uses_routings: true, uses_mrp: false },
    ecommerce: { platforms: ["Shopify"], monthly_orders: "100-1,000", syncs_inventory: true },
    "financial-setup": { fiscal_year_start_month: 1, period_type: "4-4-5", base_currency: "usd", entities: [{ name: "Acme US" }, { name: "Acme Canada" }] },
    "timeline-planning": { go_live_date: isoDateFromToday(120), key_dates: [{ label: "Data migration", date: isoDateFromToday(60) }] },
    "acumatica-tenant": { tenant_name: "Acme-Prod", region: "Europe", sandbox: false, administrator_name: "Ana Lima", administrator_email: "Ana@Acme.example" },
  };
}

export function savePage(runtime: Runtime, as: TestUser, pageId: string, mode: "draft" | "complete", answers: unknown, org?: string): Promise<Response> {
  return call(runtime, `/api/launchpad/pages/${pageId}`, { method: "PUT", as, org, body: { mode, answers } });
}

/** Completes a page with its valid answers and expects it to work. */
export async function completePage(runtime: Runtime, as: TestUser, pageId: string, org?: string): Promise<void> {
  const response = await savePage(runtime, as, pageId, "complete", validAnswers()[pageId], org);
  expect(response.status, await response.clone().text()).toBe(200);
}

// The pricing, data-connection and configuration features come later; until then their rows are
// written here, as those features will.

export async function addEstimate(runtime: Runtime, organizationId: string): Promise<void> {
  await runtime.database.db.insert(pricingEstimates).values({ organizationId, isPrimary: true, editionId: "EE" });
}

export async function addDataConnection(runtime: Runtime, organizationId: string): Promise<void> {
  await runtime.database.db.insert(dataConnections).values({ organizationId, dataSourceId: "quickbooks-online", name: "QuickBooks Online" });
}

export async function submitConfiguration(runtime: Runtime, organizationId: string): Promise<void> {
  await runtime.database.db.insert(moduleSubmissionStatus).values({ organizationId, module: "Financials", isSubmitted: true });
}

/** Marks a page complete the way its own feature will (subscription-price, data-setup). */
export async function markPageCompleted(runtime: Runtime, organizationId: string, pageId: string): Promise<void> {
  await runtime.database.db.insert(launchpadProgress).values({ organizationId, pageId, isCompleted: true, completedAt: new Date() });
}

export { eventTypesAfter } from "./realtime-test-kit.ts";
