import { z } from "zod";
import { isCurrencyCode } from "../domain/currencies.ts";
import { PERIOD_TYPES } from "../domain/financial-calendar.ts";
import type { LaunchpadPageId } from "../domain/launchpad.ts";
import { COMPANY_SIZES } from "../domain/pricing.ts";
import { singleLineText } from "./text-fields.ts";

/**
 * The answers each launchpad page collects. A page saved as "complete" must pass its full
 * schema; a draft passes the same fields, each optional, lists may be empty, and cross-field
 * rules wait for completion. Each shape is built for one or the other (`complete`).
 */

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A list of choices: at least `min`, each at most once. */
function choices<const T extends readonly [string, ...string[]]>(values: T, label: string, min: number) {
  return z
    .array(choice(values, `Choose ${label} from the list`), { error: `Choose ${label}` })
    .min(min, { error: `Choose at least one of the ${label}` })
    .max(values.length, { error: `Choose each of the ${label} once` })
    .refine((items) => new Set(items).size === items.length, { error: `Choose each of the ${label} once` });
}

function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` });
}

/** A month of the year as its number, January = 1: a closed set, so one message for any miss. */
const monthNumber = (message: string) => z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(12, { error: message });

const yesNo = (label: string) => z.boolean({ error: `Answer yes or no: ${label}` });

const isoDate = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

// ---- business-setup ----

/**
 * The aspects Business Setup offers; its answer is stored as the business-aspects configuration
 * response (common/domain/business-aspects.ts), which the navigation reads.
 */
export const BUSINESS_ASPECTS = ["Distribution", "Manufacturing", "eCommerce", "Services", "Project Accounting", "Field Service"] as const;
export type BusinessAspect = (typeof BUSINESS_ASPECTS)[number];

export const EMPLOYEE_COUNT_BANDS = COMPANY_SIZES;
export const ANNUAL_REVENUE_BANDS = ["Under $1M", "$1M-$10M", "$10M-$50M", "$50M-$250M", "Over $250M"] as const;
export const MAX_GOALS = 10;

const businessSetupShape = (complete: boolean) =>
  z.object({
    industry: singleLineText("Industry", 100),
    employee_count: choice(EMPLOYEE_COUNT_BANDS, "Choose the number of employees from the list"),
    annual_revenue: choice(ANNUAL_REVENUE_BANDS, "Choose the annual revenue from the list"),
    /** Optional; an empty string means none. */
    website: z
      .string({ error: "Website must be text" })
      .trim()
      .max(2048, { error: "Website must be at most 2,048 characters" })
      .refine((value) => value === "" || isHttpUrl(value), { error: "Enter the website as a full address, like https://example.com" })
      .optional(),
    goals: z
      .array(singleLineText("Goal", 200), { error: (issue) => (issue.input === undefined ? "Add at least one goal" : "Goals must be a list") })
      .min(complete ? 1 : 0, { error: "Add at least one goal" })
      .max(MAX_GOALS, { error: `List at most ${MAX_GOALS} goals` }),
    business_aspects: choices(BUSINESS_ASPECTS, "business aspects", complete ? 1 : 0),
  });

// ---- distribution ----

export const INVENTORY_METHODS = ["FIFO", "LIFO", "Average", "Standard", "Specific"] as const;
export const SHIPPING_CARRIERS = ["UPS", "FedEx", "USPS", "DHL", "Freight / LTL", "Other"] as const;

const distributionShape = (complete: boolean) =>
  z.object({
    warehouse_count: wholeNumber("Number of warehouses", 0, 1000),
    inventory_methods: choices(INVENTORY_METHODS, "inventory methods", complete ? 1 : 0),
    shipping_carriers: choices(SHIPPING_CARRIERS, "shipping carriers", 0),
    tracks_lots_or_serials: yesNo("lot or serial tracking"),
    uses_drop_shipping: yesNo("drop shipping"),
  });

// ---- manufacturing ----

export const PRODUCTION_TYPES = ["Make to Stock", "Make to Order", "Engineer to Order", "Configure to Order", "Process", "Repetitive"] as const;

const manufacturingShape = (complete: boolean) =>
  z.object({
    production_types: choices(PRODUCTION_TYPES, "production types", complete ? 1 : 0),
    bom_levels: wholeNumber("BOM levels", 1, 20),
    uses_routings: yesNo("routings"),
    uses_mrp: yesNo("material requirements planning"),
  });

// ---- ecommerce ----

export const ECOMMERCE_PLATFORMS = ["Shopify", "BigCommerce", "Adobe Commerce (Magento)", "WooCommerce", "Amazon", "Other"] as const;
export const MONTHLY_ORDER_BANDS = ["Under 100", "100-1,000", "1,000-10,000", "10,000-50,000", "Over 50,000"] as const;

const ecommerceShape = (complete: boolean) =>
  z.object({
    platforms: choices(ECOMMERCE_PLATFORMS, "platforms", complete ? 1 : 0),
    monthly_orders: choice(MONTHLY_ORDER_BANDS, "Choose the monthly orders from the list"),
    syncs_inventory: yesNo("inventory sync"),
  });

// ---- financial-setup ----

export const MAX_ENTITIES = 50;

const financialSetupShape = (complete: boolean) =>
  z.object({
    fiscal_year_start_month: monthNumber("Choose the fiscal year start month from the list (1 to 12)"),
    period_type: choice(PERIOD_TYPES, "Choose the period type from the list"),
    // Any three letters passed before: "dollars", cut to three by the input, was saved as "DOL".
    base_currency: z
      .string({ error: "Base currency is required" })
      .trim()
      .toUpperCase()
      .refine(isCurrencyCode, { error: "Choose the base currency from the list of ISO 4217 currencies, like USD or EUR" }),
    entities: z
      .array(z.object({ name: singleLineText("Entity name", 200) }), {
        error: (issue) => (issue.input === undefined ? "Add at least one entity" : "Entities must be a list"),
      })
      .min(complete ? 1 : 0, { error: "Add at least one entity" })
      .max(MAX_ENTITIES, { error: `List at most ${MAX_ENTITIES} entities` })
      .refine((entities) => new Set(entities.map((entity) => entity.name.toLowerCase())).size === entities.length, {
        error: "Give each entity a different name",
      }),
  });

// ---- timeline-planning ----

export const MAX_KEY_DATES = 20;

const timelinePlanningShape = z.object({
  go_live_date: isoDate("Go-live date"),
  key_dates: z
    .array(z.object({ label: singleLineText("Key date label", 100), date: isoDate("Key date") }), { error: "Key dates must be a list" })
    .max(MAX_KEY_DATES, { error: `List at most ${MAX_KEY_DATES} key dates` }),
});

/** Today as YYYY-MM-DD in UTC: the go-live date must come after it. */
function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

// ---- acumatica-tenant ----

export const TENANT_REGIONS = ["North America East", "North America West", "Canada", "Europe", "United Kingdom", "Australia", "Asia Pacific"] as const;
export const TENANT_NAME_PATTERN = /^[a-z][a-z0-9-]{1,61}[a-z0-9]$/;

const acumaticaTenantShape = z.object({
  tenant_name: z
    .string({ error: "Tenant name is required" })
    .trim()
    .toLowerCase()
    .regex(TENANT_NAME_PATTERN, {
      error: "Tenant name: 3–63 lower-case letters, digits and hyphens, starting with a letter and not ending with a hyphen",
    }),
  region: choice(TENANT_REGIONS, "Choose a region from the list"),
  sandbox: yesNo("sandbox tenant"),
  administrator_name: singleLineText("Administrator name", 200),
  administrator_email: z
    .string({ error: "Administrator email is required" })
    .trim()
    .toLowerCase()
    .max(254, { error: "Administrator email must be at most 254 characters" })
    .pipe(z.email({ error: "Enter the administrator's email address" })),
});

// ---- the table ----

/** Pages whose answers are saved here (the others complete from their own features). */
export const ANSWERABLE_PAGE_IDS = [
  "business-setup",
  "distribution",
  "manufacturing",
  "ecommerce",
  "financial-setup",
  "timeline-planning",
  "acumatica-tenant",
] as const satisfies readonly LaunchpadPageId[];
export type AnswerablePageId = (typeof ANSWERABLE_PAGE_IDS)[number];

export function isAnswerablePageId(id: string): id is AnswerablePageId {
  return (ANSWERABLE_PAGE_IDS as readonly string[]).includes(id);
}

export interface PageSchemas {
  complete: z.ZodType<Record<string, unknown>>;
  draft: z.ZodType<Record<string, unknown>>;
}

export const LAUNCHPAD_PAGE_SCHEMAS: Record<AnswerablePageId, PageSchemas> = {
  "business-setup": { complete: businessSetupShape(true), draft: businessSetupShape(false).partial() },
  distribution: { complete: distributionShape(true), draft: distributionShape(false).partial() },
  manufacturing: { complete: manufacturingShape(true), draft: manufacturingShape(false).partial() },
  ecommerce: { complete: ecommerceShape(true), draft: ecommerceShape(false).partial() },
  "financial-setup": { complete: financialSetupShape(true), draft: financialSetupShape(false).partial() },
  "timeline-planning": {
    complete: timelinePlanningShape.superRefine((answers, ctx) => {
      if (answers.go_live_date <= todayIso()) {
        ctx.addIssue({ code: "custom", path: ["go_live_date"], message: "The go-live date must be in the future" });
      }
      answers.key_dates.forEach((keyDate, index) => {
        if (keyDate.date >= answers.go_live_date) {
          ctx.addIssue({ code: "custom", path: ["key_dates", index, "date"], message: `"${keyDate.label}" must be before the go-live date` });
        }
      });
    }),
    draft: timelinePlanningShape.partial(),
  },
  "acumatica-tenant": { complete: acumaticaTenantShape, draft: acumaticaTenantShape.partial() },
};

export type BusinessSetupAnswers = z.infer<ReturnType<typeof businessSetupShape>>;
export type DistributionAnswers = z.infer<ReturnType<typeof distributionShape>>;
export type ManufacturingAnswers = z.infer<ReturnType<typeof manufacturingShape>>;
export type EcommerceAnswers = z.infer<ReturnType<typeof ecommerceShape>>;
export type FinancialSetupAnswers = z.infer<ReturnType<typeof financialSetupShape>>;
export type TimelinePlanningAnswers = z.infer<typeof timelinePlanningShape>;
export type AcumaticaTenantAnswers = z.infer<typeof acumaticaTenantShape>;
