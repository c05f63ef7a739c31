import { isoDateFromToday } from "./demo-seed-kit.ts";

/** Launchpad answers of the demo organizations, in the shapes the pages' schemas accept. */

/** Demo Company: a distributor that also sells online, going live in about three months. */
export function midwayLaunchpadAnswers(): Record<string, Record<string, unknown>> {
  return {
    "business-setup": {
      industry: "Wholesale distribution",
      employee_count: "51-200",
      annual_revenue: "$10M-$50M",
      website: "https://demo.example",
      goals: ["Close the books in five days", "One view of stock across both warehouses", "Ship web orders the same day"],
      business_aspects: ["Distribution", "eCommerce"],
    },
    distribution: { warehouse_count: 2, inventory_methods: ["FIFO"], shipping_carriers: ["UPS", "FedEx"], tracks_lots_or_serials: true, uses_drop_shipping: false },
    ecommerce: { platforms: ["Shopify"], monthly_orders: "100-1,000", syncs_inventory: true },
    "financial-setup": { fiscal_year_start_month: 1, period_type: "monthly", base_currency: "usd", entities: [{ name: "Demo Company Inc." }] },
    "timeline-planning": {
      go_live_date: isoDateFromToday(90),
      key_dates: [
        { label: "Data migration rehearsal", date: isoDateFromToday(45) },
        { label: "User acceptance testing", date: isoDateFromToday(70) },
      ],
    },
    "acumatica-tenant": { tenant_name: "DemoCompany-Prod", region: "North America East", sandbox: true, administrator_name: "Dana Member", administrator_email: "member@demo.example" },
  };
}

/** Contoso Outfitters: an apparel distributor a week from its go-live. */
export function nearGoLiveLaunchpadAnswers(): Record<string, Record<string, unknown>> {
  return {
    "business-setup": {
      industry: "Apparel distribution",
      employee_count: "11-50",
      annual_revenue: "$1M-$10M",
      website: "https://contoso.example",
      goals: ["Replace spreadsheets for purchasing", "Real-time margins by collection"],
      business_aspects: ["Distribution"],
    },
    distribution: { warehouse_count: 1, inventory_methods: ["Average"], shipping_carriers: ["UPS"], tracks_lots_or_serials: false, uses_drop_shipping: true },
    "financial-setup": { fiscal_year_start_month: 4, period_type: "monthly", base_currency: "usd", entities: [{ name: "Contoso Outfitters LLC" }] },
    "timeline-planning": { go_live_date: isoDateFromToday(7), key_dates: [{ label: "Final data load", date: isoDateFromToday(5) }] },
    "acumatica-tenant": { tenant_name: "Contoso-Prod", region: "North America West", sandbox: false, administrator_name: "Casey Owner", administrator_email: "owner@contoso.example" },
  };
}
