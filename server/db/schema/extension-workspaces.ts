import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { organizations } from "./organizations.ts";

/**
 * Each organization's set-up of an active extension (common/domain/extension-workspaces.ts): its
 * answers as a draft, submitted (read-only) or reopened. Who saved, submitted and last reopened it
 * (with the reason) is kept beside the answers; a new submission keeps the last reopening.
 */
export const extensionWorkspaces = pgTable(
  "extension_workspaces",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    extensionId: text("extension_id").notNull(),
    answers: jsonb("answers").notNull(),
    status: text("status").notNull().default("draft"),
    savedBy: text("saved_by").references(() => users.id, { onDelete: "set null" }),
    savedAt: timestamp("saved_at", { withTimezone: true }),
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    reopenedBy: text("reopened_by").references(() => users.id, { onDelete: "set null" }),
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    reopenReason: text("reopen_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.extensionId] }),
    check("extension_workspaces_extension_known", sql`${table.extensionId} in ('ap-automation', 'container-management')`),
    check("extension_workspaces_status_known", sql`${table.status} in ('draft', 'submitted')`),
  ],
);

/**
 * The last valid CSV import of a workspace (Container Management's open containers): the rows as
 * checked, and the type and port codes they name, so the set-up can tell when its lists changed
 * under them without reading the rows.
 */
export const extensionWorkspaceImports = pgTable(
  "extension_workspace_imports",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    extensionId: text("extension_id").notNull(),
    fileName: text("file_name").notNull(),
    rowCount: integer("row_count").notNull(),
    /** The rows in file order, each with its line in the file. */
    rows: jsonb("rows").notNull(),
    typeCodes: text("type_codes").array().notNull(),
    portCodes: text("port_codes").array().notNull(),
    importedBy: text("imported_by").references(() => users.id, { onDelete: "set null" }),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.extensionId] }),
    check("extension_workspace_imports_extension_known", sql`${table.extensionId} = 'container-management'`),
    check("extension_workspace_imports_row_count_positive", sql`${table.rowCount} > 0`),
  ],
);
