import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { organizations } from "./organizations.ts";

// The CSV migration workbench: per organization and entity, what is staged for the ETL team and
// the newest upload's report.

/** One entity's staged rows of one organization: staged, then loaded or rejected by the ETL team. */
export const migrationDatasets = pgTable(
  "migration_datasets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    entity: text("entity").notNull(),
    status: text("status").notNull().default("staged"),
    fileName: text("file_name").notNull(),
    rowCount: integer("row_count").notNull(),
    stagedBy: text("staged_by").references(() => users.id, { onDelete: "set null" }),
    stagedAt: timestamp("staged_at", { withTimezone: true }).notNull().defaultNow(),
    reviewComment: text("review_comment"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("migration_datasets_org_entity").on(table.organizationId, table.entity),
    index("migration_datasets_updated_idx").on(table.updatedAt),
    check("migration_datasets_status_known", sql`${table.status} in ('staged', 'loaded', 'rejected')`),
    check("migration_datasets_row_count_positive", sql`${table.rowCount} > 0`),
  ],
);

/** A staged row: the clean values of one line of the uploaded file. */
export const migrationStagedRows = pgTable(
  "migration_staged_rows",
  {
    datasetId: uuid("dataset_id")
      .notNull()
      .references(() => migrationDatasets.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The line in the uploaded file (the header is line 1). */
    line: integer("line").notNull(),
    /** The row's key (customer ID, account number…): what references are checked against. */
    rowKey: text("row_key").notNull(),
    data: jsonb("data").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.datasetId, table.line] }),
    uniqueIndex("migration_staged_rows_key").on(table.datasetId, table.rowKey),
    // Organization-scoped reads and the cascade when an organization is deleted.
    index("migration_staged_rows_org_idx").on(table.organizationId, table.datasetId),
  ],
);

/** The newest upload of each organization and entity, staged or refused, with its report. */
export const migrationUploadReports = pgTable(
  "migration_upload_reports",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    entity: text("entity").notNull(),
    fileName: text("file_name").notNull(),
    outcome: text("outcome").notNull(),
    totalRows: integer("total_rows").notNull(),
    validRows: integer("valid_rows").notNull(),
    errorRows: integer("error_rows").notNull(),
    issueCount: integer("issue_count").notNull(),
    /** The first reported issues (MIGRATION_MAX_REPORTED_ISSUES). */
    issues: jsonb("issues").notNull().default([]),
    missingReferences: jsonb("missing_references").notNull().default([]),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.entity] }),
    check("migration_upload_reports_outcome_known", sql`${table.outcome} in ('staged', 'refused')`),
  ],
);
