import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { organizations } from "./organizations.ts";

// Spec §3 tables the launchpad's flags read (§4: data connection set up, configuration complete;
// the estimate flag reads schema/pricing.ts). The data-connection and configuration features build on them.

/**
 * data_connections: status defaults to connected; one per organization and data source (the
 * unique index is what makes creation idempotent under races). Secret fields inside
 * connection_config hold AES-256-GCM envelopes, never plain text.
 */
export const dataConnections = pgTable(
  "data_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    dataSourceId: text("data_source_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status").notNull().default("connected"),
    connectionConfig: jsonb("connection_config").notNull().default({}),
    lastTestedAt: timestamp("last_tested_at", { withTimezone: true }),
    lastTestError: text("last_test_error"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("unique_org_data_source").on(table.organizationId, table.dataSourceId),
    check("data_connections_status_known", sql`${table.status} in ('connected', 'error', 'disconnected')`),
  ],
);

/**
 * module_submission_status: one row per organization and configuration module (the questionnaire's
 * ERP module). Submitted answers are read-only until an employee reopens the module with a reason.
 */
export const moduleSubmissionStatus = pgTable(
  "module_submission_status",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    module: text("module").notNull(),
    isSubmitted: boolean("is_submitted").notNull().default(false),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    reopenedBy: text("reopened_by").references(() => users.id, { onDelete: "set null" }),
    reopenReason: text("reopen_reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.module] })],
);
