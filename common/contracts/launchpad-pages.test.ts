import { describe, expect, it } from "vitest";
import { ANSWERABLE_PAGE_IDS, LAUNCHPAD_PAGE_SCHEMAS, isAnswerablePageId } from "./launchpad-pages.ts";

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
    expect(issuesOf("financial-setup", "draft", { base_currency: "dollars" })).toEqual([
      "base_currency: Enter the base currency as a three-letter ISO 4217 code, like USD",
    ]);
  });

  it("knows which pages it saves", () => {
    expect(isAnswerablePageId("business-setup")).toBe(true);
    expect(["nda", "subscription-price", "data-setup"].some(isAnswerablePageId)).toBe(false);
  });
});
