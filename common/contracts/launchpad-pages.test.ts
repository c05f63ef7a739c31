import { describe, expect, it } from "vitest";
import { ANSWERABLE_PAGE_IDS, type AnswerablePageId, LAUNCHPAD_PAGE_SCHEMAS, isAnswerablePageId } from "./launchpad-pages.ts";

const CURRENCY_MESSAGE = "Choose the base currency from the list of ISO 4217 currencies, like USD or EUR";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const VALID: Record<(typeof ANSWERABLE_PAGE_IDS)[number], Record<string, unknown>> = {
  "business-setup": {
    industry: "Wholesale",
    employee_count: "11-50",
    annual_revenue: "Under $1M",
    goals: ["Faster close"],
    business_aspects: ["Services"],
  },
  distribution: { warehouse_count: 0, inventory_methods: ["Average"], shipping_carriers: [], tracks_lots_or_serials: false, uses_drop_shipping: true },
  manufacturing: { production_types: ["Process"], bom_levels: 1, uses_routings: false, uses_mrp: true },
  ecommerce: { platforms: ["Amazon", "Other"], monthly_orders: "Over 50,000", syncs_inventory: false },
  "financial-setup": { fiscal_year_start_month: 7, period_type: "13-periods", base_currency: " eur ", entities: [{ name: "Main" }] },
  "timeline-planning": { go_live_date: inDays(2), key_dates: [{ label: "Kick-off", date: inDays(1) }] },
  "acumatica-tenant": { tenant_name: "ACME-test1", region: "Canada", sandbox: true, administrator_name: "Ana", administrator_email: " ANA@example.com " },
};

const issuesOf = (pageId: keyof typeof VALID, mode: "complete" | "draft", answers: unknown) => {
  const result = LAUNCHPAD_PAGE_SCHEMAS[pageId][mode].safeParse(answers);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("launchpad page answers", () => {
  it.each(ANSWERABLE_PAGE_IDS)("%s: complete answers pass, an empty draft passes, an empty completion does not", (pageId) => {
    expect(issuesOf(pageId, "complete", VALID[pageId])).toEqual([]);
    expect(issuesOf(pageId, "draft", {})).toEqual([]);
    expect(issuesOf(pageId, "complete", {}).length).toBeGreaterThan(0);
  });

  it("normalizes what people type", () => {
    expect(LAUNCHPAD_PAGE_SCHEMAS["financial-setup"].complete.parse(VALID["financial-setup"])).toMatchObject({ base_currency: "EUR" });
    expect(LAUNCHPAD_PAGE_SCHEMAS["acumatica-tenant"].complete.parse(VALID["acumatica-tenant"])).toMatchObject({
      tenant_name: "acme-test1",
      administrator_email: "ana@example.com",
    });
  });

  it("lets drafts keep empty lists that completion refuses", () => {
    const answers = { ...VALID["business-setup"], goals: [], business_aspects: [] };
    expect(issuesOf("business-setup", "draft", answers)).toEqual([]);
    expect(issuesOf("business-setup", "complete", answers)).toEqual([
      "goals: Add at least one goal",
      "business_aspects: Choose at least one of the business aspects",
    ]);
  });

  it("refuses repeats, too many items and values off the lists", () => {
    expect(issuesOf("business-setup", "draft", { business_aspects: ["Services", "Services"] })).toEqual([
      "business_aspects: Choose each of the business aspects once",
    ]);
    expect(issuesOf("business-setup", "draft", { goals: Array.from({ length: 11 }, (_, i) => `Goal ${i}`) })).toEqual(["goals: List at most 10 goals"]);
    expect(issuesOf("business-setup", "draft", { business_aspects: ["Mining"] })).toEqual(["business_aspects.0: Choose business aspects from the list"]);
    expect(issuesOf("financial-setup", "draft", { entities: [{ name: "Main" }, { name: "MAIN" }] })).toEqual(["entities: Give each entity a different name"]);
    expect(issuesOf("financial-setup", "draft", { entities: Array.from({ length: 51 }, (_, i) => ({ name: `E${i}` })) })).toEqual([
      "entities: List at most 50 entities",
    ]);
  });

  it("takes a base currency only from the ISO 4217 list, in any case", () => {
    // "dollars" cut to three letters by the old input became "DOL", and the page completed.
    for (const offList of ["DOL", "dol", "dollars", "XYZ", "XTS", "HRK", "US$", "", "EU R"]) {
      expect(issuesOf("financial-setup", "draft", { base_currency: offList }), offList).toEqual([`base_currency: ${CURRENCY_MESSAGE}`]);
    }
    expect(issuesOf("financial-setup", "draft", { base_currency: 840 })).toEqual(["base_currency: Base currency is required"]);
    for (const [typed, code] of [["eur", "EUR"], [" usd ", "USD"], ["Jpy", "JPY"], ["XCG", "XCG"]]) {
      expect(LAUNCHPAD_PAGE_SCHEMAS["financial-setup"].draft.parse({ base_currency: typed })).toEqual({ base_currency: code });
    }
  });

  // Issue 26: every answer whose values are a closed set refuses anything off it, with a message.
  it.each<[AnswerablePageId, string, unknown, string]>([
    ["business-setup", "employee_count", "1000+", "Choose the number of employees from the list"],
    ["business-setup", "annual_revenue", "$1B", "Choose the annual revenue from the list"],
    ["business-setup", "business_aspects", ["Mining"], "Choose business aspects from the list"],
    ["distribution", "inventory_methods", ["fifo"], "Choose inventory methods from the list"],
    ["distribution", "shipping_carriers", ["Royal Mail"], "Choose shipping carriers from the list"],
    ["distribution", "tracks_lots_or_serials", "yes", "Answer yes or no: lot or serial tracking"],
    ["distribution", "uses_drop_shipping", 1, "Answer yes or no: drop shipping"],
    ["manufacturing", "production_types", ["Batch"], "Choose production types from the list"],
    ["manufacturing", "uses_routings", "no", "Answer yes or no: routings"],
    ["manufacturing", "uses_mrp", null, "Answer yes or no: material requirements planning"],
    ["ecommerce", "platforms", ["eBay"], "Choose platforms from the list"],
    ["ecommerce", "monthly_orders", "1,000", "Choose the monthly orders from the list"],
    ["ecommerce", "syncs_inventory", "true", "Answer yes or no: inventory sync"],
    ["financial-setup", "fiscal_year_start_month", 13, "Choose the fiscal year start month from the list (1 to 12)"],
    ["financial-setup", "fiscal_year_start_month", 0, "Choose the fiscal year start month from the list (1 to 12)"],
    ["financial-setup", "fiscal_year_start_month", 6.5, "Choose the fiscal year start month from the list (1 to 12)"],
    ["financial-setup", "fiscal_year_start_month", "7", "Choose the fiscal year start month from the list (1 to 12)"],
    ["financial-setup", "period_type", "weekly", "Choose the period type from the list"],
    ["financial-setup", "period_type", "Monthly", "Choose the period type from the list"],
    ["financial-setup", "base_currency", "DOL", CURRENCY_MESSAGE],
    ["acumatica-tenant", "region", "Mars", "Choose a region from the list"],
    ["acumatica-tenant", "sandbox", "yes", "Answer yes or no: sandbox tenant"],
  ])("%s refuses %s %j off its list", (pageId, field, value, message) => {
    const path = Array.isArray(value) ? `${field}.0` : field;
    for (const mode of ["draft", "complete"] as const) {
      expect(issuesOf(pageId, mode, { ...VALID[pageId], [field]: value })).toEqual([`${path}: ${message}`]);
    }
  });

  it("knows which pages it saves", () => {
    expect(isAnswerablePageId("business-setup")).toBe(true);
    expect(["nda", "subscription-price", "data-setup"].some(isAnswerablePageId)).toBe(false);
  });
});
