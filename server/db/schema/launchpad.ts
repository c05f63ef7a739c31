import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./organizations.ts";

/** Spec §3 launchpad_progress: one row per organization and launchpad page, with the page's answers. */
export const launchpadProgress = pgTable(
  "launchpad_progress",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    isCompleted: boolean("is_completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The page's saved answers (draft or complete). */
    dataSnapshot: jsonb("data_snapshot"),
    /** Why the page was answered "This does not apply to us" (it is then completed); null otherwise. */
    notApplicableReason: text("not_applicable_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.pageId] })],
);

/** The recalculated readings of §4 per organization, and when they were last computed (throttle). */
export const launchpadSummaries = pgTable("launchpad_summaries", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  pagePercent: integer("page_percent").notNull(),
  flagPercent: integer("flag_percent").notNull(),
  recalculatedAt: timestamp("recalculated_at", { withTimezone: true }).notNull(),
});

/**
 * Spec §3 configuration_responses: answers to configuration questions, versioned; the business
 * aspects answer (which §2 reads for the Ecommerce, Manufacturing and Distribution items) is one.
 */
export const configurationResponses = pgTable(
  "configuration_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    responseValue: jsonb("response_value").notNull(),
    version: integer("version").notNull().default(1),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("configuration_responses_org_question_idx").on(table.organizationId, table.questionId, table.createdAt)],
);
