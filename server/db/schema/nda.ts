import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth.ts";
import { organizations } from "./organizations.ts";

/** The mutual NDA's text; employees edit it, each save a new version (signed NDAs keep theirs). */
export const ndaTemplates = pgTable(
  "nda_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("nda_templates_version_unique").on(table.version)],
);

/**
 * Spec §3 ndas: one organization's mutual NDA. The member signs (signed-by-prospect), an employee
 * countersigns (signed-by-all). The signed text is kept as signed, whatever the template becomes.
 */
export const ndas = pgTable(
  "ndas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    templateVersion: integer("template_version").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    memberSignerId: text("member_signer_id").references(() => users.id, { onDelete: "set null" }),
    memberSignerName: text("member_signer_name").notNull(),
    memberSignerTitle: text("member_signer_title").notNull(),
    memberSignerEmail: text("member_signer_email").notNull(),
    memberSignedAt: timestamp("member_signed_at", { withTimezone: true }).notNull(),
    providerSignerId: text("provider_signer_id").references(() => users.id, { onDelete: "set null" }),
    providerSignerName: text("provider_signer_name"),
    providerSignerTitle: text("provider_signer_title"),
    providerSignerEmail: text("provider_signer_email"),
    providerSignedAt: timestamp("provider_signed_at", { withTimezone: true }),
    /** Storage key of the rendered PDF (re-rendered on countersigning). */
    documentKey: text("document_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ndas_organization_id_created_at_idx").on(table.organizationId, table.createdAt),
    // One signed NDA per organization at a time.
    uniqueIndex("ndas_one_signed_per_organization")
      .on(table.organizationId)
      .where(sql`${table.status} in ('signed-by-prospect', 'signed-by-all')`),
  ],
);
