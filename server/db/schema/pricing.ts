import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { organizations } from "./organizations.ts";

// Pricing (spec §3, §4): the catalog, estimates with their lines, and the estimates' history.
// Money is numeric(…, 2), read as text and handled as integer cents (common/domain/money.ts).

/** The price list ("add-on pricing row"): replaced as a whole by a CSV import. */
export const pricingAddons = pgTable(
  "pricing_addons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inventoryId: text("inventory_id").notNull(),
    description: text("description").notNull(),
    module: text("module").notNull(),
    editionId: text("edition_id").notNull(),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    skuType: text("sku_type").notNull(),
    licenseTypeId: text("license_type_id").notNull(),
    contractType: text("contract_type").notNull(),
    isCalculatorVisible: boolean("is_calculator_visible").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("pricing_addons_item_unique").on(table.editionId, table.licenseTypeId, table.inventoryId),
    check("pricing_addons_price_not_negative", sql`${table.price} >= 0`),
  ],
);

/** prospects_pricing_header: one estimate. At most one primary and one locked per organization. */
export const pricingEstimates = pgTable(
  "prospects_pricing_header",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull().default("Estimate"),
    isPrimary: boolean("is_primary").notNull().default(false),
    editionId: text("edition_id"),
    licenseTypeId: text("license_type_id").notNull().default("SAAS"),
    /** "calculator" or "quick" (/business). */
    source: text("source").notNull().default("calculator"),
    subscriptionApproved: boolean("subscription_approved").notNull().default(false),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by").references(() => users.id, { onDelete: "set null" }),
    isLocked: boolean("is_locked").notNull().default(false),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by").references(() => users.id, { onDelete: "set null" }),
    totalMonthlyPrice: numeric("total_monthly_price", { precision: 14, scale: 2 }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("prospects_pricing_header_org_idx").on(table.organizationId, table.createdAt),
    // The database guarantees "one primary per organization" (spec §4), whatever races the service loses.
    uniqueIndex("prospects_pricing_header_one_primary").on(table.organizationId).where(sql`${table.isPrimary}`),
    uniqueIndex("prospects_pricing_header_one_locked").on(table.organizationId).where(sql`${table.isLocked}`),
    check("prospects_pricing_header_locked_is_primary", sql`not ${table.isLocked} or ${table.isPrimary}`),
  ],
);

/** prospects_pricing_details: an estimate's lines, priced when saved (the price lock keeps them). */
export const pricingEstimateLines = pgTable(
  "prospects_pricing_details",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    headerId: uuid("header_id")
      .notNull()
      .references(() => pricingEstimates.id, { onDelete: "cascade" }),
    inventoryId: text("inventory_id").notNull(),
    module: text("module").notNull(),
    description: text("description"),
    skuType: text("sku_type").notNull(),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    quantity: integer("quantity").notNull().default(1),
    /** "active", or "incompatible" once the catalog stops offering it (excluded from reads and totals). */
    status: text("status").notNull().default("active"),
  },
  (table) => [
    uniqueIndex("prospects_pricing_details_item_unique").on(table.headerId, table.inventoryId),
    check("prospects_pricing_details_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

/** What happened to the organization's estimates, kept after an estimate is deleted (/plans). */
export const pricingEstimateHistory = pgTable(
  "prospects_pricing_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    estimateId: uuid("estimate_id").notNull(),
    estimateName: text("estimate_name").notNull(),
    action: text("action").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    totalMonthlyPrice: numeric("total_monthly_price", { precision: 14, scale: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("prospects_pricing_history_org_idx").on(table.organizationId, table.createdAt)],
);
