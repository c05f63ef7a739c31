import { sql } from "drizzle-orm";
import { customType, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACTION_LOG_DEFAULTS } from "#common/domain/action-log";
import { users } from "./auth.ts";
import { milestones } from "./curriculum.ts";
import { organizations } from "./organizations.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Spec §3 action_logs, with what a real log needs: a number per organization (the reference
 * "RISK-12" is its type's prefix and this number), a likelihood for risks, `updated_at` and
 * `resolved_at`, and the page and browser a Get Help entry was raised from (`help_type` marks one).
 * `action_log_phase` is a milestone of the plan.
 */
export const actionLogs = pgTable(
  "action_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default(ACTION_LOG_DEFAULTS.status),
    priority: text("priority").notNull().default(ACTION_LOG_DEFAULTS.priority),
    actionLogType: text("action_log_type").notNull().default(ACTION_LOG_DEFAULTS.action_log_type),
    actionLogCategory: text("action_log_category").notNull().default(ACTION_LOG_DEFAULTS.action_log_category),
    impactLevel: text("impact_level").notNull().default(ACTION_LOG_DEFAULTS.impact_level),
    likelihood: text("likelihood"),
    actionLogPhase: uuid("action_log_phase").references(() => milestones.id, { onDelete: "set null" }),
    platform: text("platform").notNull().default(ACTION_LOG_DEFAULTS.platform),
    resolutionNotes: text("resolution_notes"),
    dueDate: date("due_date"),
    helpType: text("help_type"),
    sourcePage: text("source_page"),
    sourceBrowser: text("source_browser"),
    creator: text("creator").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce("title", '') || ' ' || coalesce("description", ''))`,
    ),
  },
  (table) => [
    uniqueIndex("action_logs_number_per_organization").on(table.organizationId, table.number),
    index("action_logs_organization_created_idx").on(table.organizationId, table.createdAt.desc()),
    index("action_logs_organization_type_status_idx").on(table.organizationId, table.actionLogType, table.status),
    index("action_logs_assignee_due_idx").on(table.assignedTo, table.dueDate),
    index("action_logs_search_idx").using("gin", table.searchVector),
  ],
);

/** The last number given to an entry of each organization (a row lock makes numbers unique and gapless enough). */
export const actionLogCounters = pgTable("action_log_counters", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull().default(0),
});

/** Who changed what: one row per save, `changes` the fields with their old and new values. */
export const actionLogHistory = pgTable(
  "action_log_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    actionLogId: uuid("action_log_id")
      .notNull()
      .references(() => actionLogs.id, { onDelete: "cascade" }),
    actor: text("actor").references(() => users.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    changes: jsonb("changes").$type<{ field: string; from: string | null; to: string | null }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("action_log_history_entry_idx").on(table.actionLogId, table.createdAt)],
);

export const actionLogComments = pgTable(
  "action_log_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    actionLogId: uuid("action_log_id")
      .notNull()
      .references(() => actionLogs.id, { onDelete: "cascade" }),
    author: text("author").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("action_log_comments_entry_idx").on(table.actionLogId, table.createdAt)],
);

/**
 * What each type means and which fields its form asks for; the provider administrator edits them
 * for every organization. Seeded by the migration.
 */
export const actionLogTypeDefinitions = pgTable("action_log_type_definitions", {
  actionLogType: text("action_log_type").primaryKey(),
  description: text("description").notNull(),
  fields: jsonb("fields").$type<string[]>().notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

