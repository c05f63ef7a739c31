import { z } from "zod";
import {
  COMPANY_SIZES,
  EDITION_IDS,
  ESTIMATE_HISTORY_ACTIONS,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
} from "../domain/pricing.ts";
import { defineRoute } from "./http.ts";
import { singleLineText } from "./text-fields.ts";

/** Pricing estimates (spec §3 prospects_pricing_header / _details, §4, §7, §8). Money is in cents. */

export const ESTIMATE_NAME_MAX = 100;
export const MAX_ESTIMATE_LINES = 200;

export const estimateLineSchema = z.object({
  id: z.uuid(),
  inventory_id: z.string(),
  module: z.string(),
  /** The catalog's description; null when it can no longer be found (the line is shown without one). */
  description: z.string().nullable(),
  sku_type: z.string(),
  price_cents: z.number().int(),
  quantity: z.number().int(),
  line_total_cents: z.number().int(),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

export const estimateSummarySchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  name: z.string(),
  edition_id: z.string().nullable(),
  license_type_id: z.string(),
  source: z.enum(["calculator", "quick"]),
  is_primary: z.boolean(),
  is_locked: z.boolean(),
  locked_at: z.string().nullable(),
  locked_by_name: z.string().nullable(),
  /** Approval (spec §4) is read from the primary estimate's flag. */
  subscription_approved: z.boolean(),
  approved_at: z.string().nullable(),
  total_monthly_price_cents: z.number().int(),
  line_count: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EstimateSummary = z.infer<typeof estimateSummarySchema>;

export const estimateSchema = estimateSummarySchema.extend({
  /** Ordered by inventory id; incompatible lines are left out (spec §3). */
  lines: z.array(estimateLineSchema),
  /** How many lines were left out because the catalog no longer offers them. */
  excluded_line_count: z.number().int(),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const estimateListSchema = z.object({
  /** Primary first, then newest (spec §7). */
  estimates: z.array(estimateSummarySchema),
});
export type EstimateList = z.infer<typeof estimateListSchema>;

export const primaryEstimateSchema = z.object({ estimate: estimateSchema.nullable() });
export type PrimaryEstimate = z.infer<typeof primaryEstimateSchema>;

export const estimateLineInputSchema = z.object({
  inventory_id: z.string({ error: "Choose an add-on" }).trim().min(1, { error: "Choose an add-on" }).max(64),
  quantity: z
    .number({ error: "Quantity must be a whole number" })
    .int({ error: "Quantity must be a whole number" })
    .min(MIN_LINE_QUANTITY, { error: `Quantity must be at least ${MIN_LINE_QUANTITY}` })
    .max(MAX_LINE_QUANTITY, { error: `Quantity must be at most ${MAX_LINE_QUANTITY.toLocaleString("en-US")}` }),
});

export const saveEstimateBodySchema = z.object({
  /** Optional; "<edition> estimate" when absent. */
  name: singleLineText("Name", ESTIMATE_NAME_MAX).optional(),
  edition_id: z.enum(EDITION_IDS, { error: "Choose an edition" }),
  /** The chosen add-ons; the edition's base subscription and core features are always included. */
  lines: z
    .array(estimateLineInputSchema)
    .max(MAX_ESTIMATE_LINES, { error: `An estimate has at most ${MAX_ESTIMATE_LINES} add-ons` })
    .refine((lines) => new Set(lines.map((line) => line.inventory_id)).size === lines.length, {
      error: "Each add-on can be chosen once",
    }),
});
export type SaveEstimateBody = z.infer<typeof saveEstimateBodySchema>;

export const quickEstimateBodySchema = z.object({
  /** What the business does: its business aspects (none means financials only). */
  business_aspects: z.array(z.string().trim().min(1).max(50)).max(20),
  company_size: z.enum(COMPANY_SIZES, { error: "Choose the size of your company" }),
});
export type QuickEstimateBody = z.infer<typeof quickEstimateBodySchema>;

export const approvalBodySchema = z.object({ approved: z.boolean({ error: "approved must be true or false" }) });

export const deleteEstimateResultSchema = z.object({
  deleted_id: z.uuid(),
  /** The primary after the deletion: the newest remaining estimate takes over when the primary goes. */
  primary_id: z.uuid().nullable(),
});

export const comparisonSchema = z.object({
  estimates: z.array(
    estimateSchema.extend({
      /** Monthly total × 12 × 5: the price-lock period. */
      price_lock_total_cents: z.number().int(),
    }),
  ),
  /** Every module in any estimate, the rows of the comparison: the base first, then add-ons, then included (by name). */
  modules: z.array(z.string()),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const estimateHistoryEntrySchema = z.object({
  id: z.uuid(),
  estimate_id: z.uuid(),
  estimate_name: z.string(),
  action: z.enum(ESTIMATE_HISTORY_ACTIONS),
  actor_name: z.string().nullable(),
  total_monthly_price_cents: z.number().int().nullable(),
  created_at: z.string(),
});
export type EstimateHistoryEntry = z.infer<typeof estimateHistoryEntrySchema>;

export const subscriptionPlanSchema = z.object({
  /** The locked estimate: the subscription that configures the system; null until one is locked. */
  subscription: estimateSchema.nullable(),
  /** Newest first, at most 200 entries. */
  history: z.array(estimateHistoryEntrySchema),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

const tag = "Pricing";
const base = "/api/pricing/estimates";
const one = `${base}/:estimateId`;

export const listEstimatesRoute = defineRoute({
  id: "listEstimates", method: "get", path: base, tag, access: "organization", item: "subscription-price",
  summary: "The organization's estimates, primary first, then newest",
  response: estimateListSchema,
});
export const getPrimaryEstimateRoute = defineRoute({
  id: "getPrimaryEstimate", method: "get", path: "/api/pricing/primary", tag, access: "organization",
  summary: "The primary estimate with its lines (header price button and Pricing Summary), or null",
  response: primaryEstimateSchema,
});
export const getEstimateRoute = defineRoute({
  id: "getEstimate", method: "get", path: one, tag, access: "organization", item: "subscription-price",
  summary: "One estimate with its lines ordered by inventory id, incompatible lines left out",
  response: estimateSchema,
});
export const createEstimateRoute = defineRoute({
  id: "createEstimate", method: "post", path: base, tag, access: "organization", item: "subscription-price",
  summary: "Save a calculator estimate (header and lines in one transaction); the first one becomes primary",
  body: saveEstimateBodySchema, response: estimateSchema, successStatus: 201,
});
export const updateEstimateRoute = defineRoute({
  id: "updateEstimate", method: "put", path: one, tag, access: "organization", item: "subscription-price",
  summary: "Replace an unlocked estimate's edition, name and lines (409 when locked)",
  body: saveEstimateBodySchema, response: estimateSchema,
});
export const createQuickEstimateRoute = defineRoute({
  id: "createQuickEstimate", method: "post", path: "/api/pricing/quick-estimate", tag, access: "organization",
  item: "subscription-price",
  summary: "Recommend an edition and modules from two answers and save them as an estimate",
  body: quickEstimateBodySchema, response: estimateSchema, successStatus: 201,
});
export const setPrimaryEstimateRoute = defineRoute({
  id: "setPrimaryEstimate", method: "post", path: `${one}/primary`, tag, access: "organization", item: "subscription-price",
  summary: "Make the estimate the organization's one primary (409 while another is locked)",
  response: estimateSummarySchema,
});
export const lockEstimateRoute = defineRoute({
  id: "lockPrimaryEstimate", method: "post", path: `${one}/lock`, tag, access: "organization", item: "subscription-price",
  summary: "Lock the primary estimate: it configures the system and turns read-only (admins and employees)",
  response: estimateSummarySchema,
});
export const unlockEstimateRoute = defineRoute({
  id: "unlockEstimate", method: "post", path: `${one}/unlock`, tag, access: "employee-organization",
  summary: "Unlock a locked estimate (employees)",
  response: estimateSummarySchema,
});
export const setEstimateApprovalRoute = defineRoute({
  id: "setEstimateApproval", method: "put", path: `${one}/approval`, tag, access: "employee-organization",
  summary: "Approve the primary estimate's subscription, or withdraw the approval (employees)",
  body: approvalBodySchema, response: estimateSummarySchema,
});
export const deleteEstimateRoute = defineRoute({
  id: "deleteEstimate", method: "delete", path: one, tag, access: "organization", item: "subscription-price",
  summary: "Delete an unlocked estimate: its lines, then its header, in one transaction",
  response: deleteEstimateResultSchema,
});
export const getEstimateComparisonRoute = defineRoute({
  id: "getEstimateComparison", method: "get", path: "/api/pricing/comparison", tag, access: "organization",
  item: "pricing-deployment",
  summary: "Every estimate side by side: monthly and 5-year totals, modules, which one is locked",
  response: comparisonSchema,
});
export const getSubscriptionPlanRoute = defineRoute({
  id: "getSubscriptionPlan", method: "get", path: "/api/pricing/plan", tag, access: "organization", item: "plans",
  summary: "The subscription the locked estimate defines and the estimate history",
  response: subscriptionPlanSchema,
});
