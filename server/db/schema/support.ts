import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { SupportContact } from "#common/contracts/support";

/**
 * How the provider is reached (/support): the same for every organization, so one row, written by
 * employees. No row yet: the page shows the defaults (common/contracts/support.ts).
 */
export const supportSettings = pgTable(
  "support_settings",
  {
    // Always true: the primary key and the check keep the table to one row.
    singleton: boolean("singleton").primaryKey().default(true),
    contacts: jsonb("contacts").$type<SupportContact[]>().notNull(),
    supportHours: text("support_hours").notNull(),
    timeZone: text("time_zone").notNull(),
    firstResponseHours: integer("first_response_hours").notNull(),
    responsePromise: text("response_promise").notNull(),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("support_settings_single_row", sql`${table.singleton}`)],
);

/**
 * The answers to common questions shown on /support: a Markdown file of the curriculum (its
 * manifest's `support_faq`, decision 036), written by the curriculum's import in its transaction.
 * One row; none when the imported curriculum names no FAQ.
 */
export const supportFaq = pgTable(
  "support_faq",
  {
    singleton: boolean("singleton").primaryKey().default(true),
    bodyMarkdown: text("body_markdown").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("support_faq_single_row", sql`${table.singleton}`)],
);
