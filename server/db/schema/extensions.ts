import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { actionLogs } from "./action-log.ts";
import { pricingEstimates } from "./pricing.ts";
import { organizations } from "./organizations.ts";

/**
 * An organization's ERP add-on extensions (common/domain/extensions.ts lists them). No row is
 * "available"; a row is "requested" (its Open Request entry is `request_entry_id`) or "active".
 * `plan_change` says what activating or deactivating did to the subscription: the add-on line was
 * added to or removed from the unlocked primary estimate (`estimate`), or the change waits for the
 * next plan because the primary estimate is locked or missing (`next_plan`).
 */
export const organizationExtensions = pgTable(
  "organization_extensions",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    extensionId: text("extension_id").notNull(),
    state: text("state").notNull(),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    requestNote: text("request_note"),
    requestEntryId: uuid("request_entry_id").references(() => actionLogs.id, { onDelete: "set null" }),
    activatedBy: text("activated_by").references(() => users.id, { onDelete: "set null" }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    planChange: text("plan_change"),
    planChangeEstimateId: uuid("plan_change_estimate_id").references(() => pricingEstimates.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.extensionId] }),
    index("organization_extensions_state_idx").on(table.state),
    check("organization_extensions_state_known", sql`${table.state} in ('requested', 'active')`),
    check("organization_extensions_plan_change_known", sql`${table.planChange} is null or ${table.planChange} in ('estimate', 'next_plan')`),
  ],
);

/**
 * What happened to an organization's extensions, newest first on /extensions: requested,
 * approved, declined (with the employee's reason), activated, deactivated, withdrawn.
 */
export const extensionHistory = pgTable(
  "extension_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    extensionId: text("extension_id").notNull(),
    action: text("action").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    planChange: text("plan_change"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("extension_history_organization_idx").on(table.organizationId, table.createdAt.desc())],
);
