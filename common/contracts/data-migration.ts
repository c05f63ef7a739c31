import { z } from "zod";
import { MIGRATION_ENTITY_IDS, MIGRATION_MAX_FILE_BYTES, MIGRATION_MAX_ROWS, MIGRATION_PREVIEW_PAGE_SIZE } from "../domain/migration-entities.ts";
import { defineRoute } from "./http.ts";
import { singleLineText } from "./text-fields.ts";
import { dataSourceIdSchema } from "../domain/data-sources.ts";
import { CONNECTION_STATUSES } from "./data-connections.ts";

/**
 * The CSV migration workbench: per organization and entity, a template to download, uploads that
 * are validated row by row while they stream in, and the rows of a clean file staged for the ETL
 * team, who mark them loaded or rejected (below).
 */

export const migrationEntityIdSchema = z.enum(MIGRATION_ENTITY_IDS, { error: "Unknown entity" });

/** staged: waiting for the ETL team; loaded: they loaded it into the ERP; rejected: they sent it back. */
export const DATASET_STATUSES = ["staged", "loaded", "rejected"] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];

export const DATASET_COMMENT_MAX = 1_000;
export const MIGRATION_FILE_NAME_MAX = 255;

export const migrationIssueSchema = z.object({
  /**
   * The line in the file (the header is line 1; a row spanning lines is reported at its first);
   * null for a problem of the file as a whole (empty, no rows, too many rows).
   */
  line: z.number().int().nullable(),
  /** The column concerned, when one is. */
  column: z.string().nullable(),
  message: z.string(),
  /** The offending cell as written (cut to 100 characters). */
  value: z.string().nullable(),
});
export type MigrationIssue = z.infer<typeof migrationIssueSchema>;

export const uploadReportSchema = z.object({
  entity: migrationEntityIdSchema,
  file_name: z.string(),
  /** staged: every row was accepted and staged; refused: nothing was staged. */
  outcome: z.enum(["staged", "refused"]),
  /** Data rows read (the header not counted). */
  total_rows: z.number().int(),
  /** Rows without a problem. */
  valid_rows: z.number().int(),
  /** Rows with at least one problem. */
  error_rows: z.number().int(),
  /** All problems found, including those not listed. */
  issue_count: z.number().int(),
  /**
   * The first MIGRATION_MAX_REPORTED_ISSUES problems in file order, and after them the problem
   * that stopped the reading (a malformed quote, too many rows) when there was one.
   */
  issues: z.array(migrationIssueSchema),
  /** Entities to upload first: rows refer to them and none are staged yet. */
  missing_references: z.array(migrationEntityIdSchema),
  uploaded_by_name: z.string().nullable(),
  uploaded_at: z.string(),
});
export type UploadReport = z.infer<typeof uploadReportSchema>;

export const stagedDatasetSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  entity: migrationEntityIdSchema,
  status: z.enum(DATASET_STATUSES),
  file_name: z.string(),
  row_count: z.number().int(),
  staged_by_name: z.string().nullable(),
  staged_at: z.string(),
  review_comment: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type StagedDataset = z.infer<typeof stagedDatasetSchema>;

export const migrationEntityStateSchema = z.object({
  entity: migrationEntityIdSchema,
  /** What is staged now; null when nothing is. */
  dataset: stagedDatasetSchema.nullable(),
  /** The newest upload's report, whatever its outcome; null before the first upload. */
  last_upload: uploadReportSchema.nullable(),
});
export type MigrationEntityState = z.infer<typeof migrationEntityStateSchema>;

export const migrationOverviewSchema = z.object({
  /** Every entity, in MIGRATION_ENTITY_IDS order (the order to upload them in). */
  entities: z.array(migrationEntityStateSchema),
});
export type MigrationOverview = z.infer<typeof migrationOverviewSchema>;

export const uploadQuerySchema = z.object({
  /** The file's name as the user chose it, for the report and the ETL team. */
  file_name: singleLineText("file_name", MIGRATION_FILE_NAME_MAX),
});

/** A clean upload: its report and what is now staged. A refused one answers 400 with the report in `details`. */
export const uploadResultSchema = z.object({ report: uploadReportSchema, dataset: stagedDatasetSchema });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const previewQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a whole number" }).int({ error: "page must be a whole number" }).min(1, { error: "page starts at 1" }).max(1_000_000).default(1),
});

export const stagedRowsSchema = z.object({
  entity: migrationEntityIdSchema,
  columns: z.array(z.string()),
  /** Each row's line in the uploaded file and its staged values (amounts in cents). */
  rows: z.array(z.object({ line: z.number().int(), values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])) })),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.literal(MIGRATION_PREVIEW_PAGE_SIZE),
});
export type StagedRows = z.infer<typeof stagedRowsSchema>;

export const discardDatasetResultSchema = z.object({ entity: migrationEntityIdSchema, discarded_rows: z.number().int() });

const tag = "Data migration";
const base = "/api/data-migration";
const entityPath = `${base}/:entity`;

export const getMigrationOverviewRoute = defineRoute({
  id: "getMigrationOverview", method: "get", path: base, tag, access: "organization", item: "data-setup",
  summary: "Each entity's staged dataset, its review and the newest upload's report",
  response: migrationOverviewSchema,
});
export const downloadMigrationTemplateRoute = defineRoute({
  id: "downloadMigrationTemplate", method: "get", path: `${entityPath}/template`, tag, access: "organization", item: "data-setup",
  summary: "The entity's CSV template (its header row), generated from its columns",
  response: z.string(), produces: "text/csv",
});
export const uploadMigrationFileRoute = defineRoute({
  id: "uploadMigrationFile", method: "post", path: `${entityPath}/upload`, tag, access: "organization", item: "data-setup",
  summary: "Upload a CSV (the raw text/csv body, streamed): validated row by row; a clean file replaces the staged rows, any problem stages nothing (400 with the report)",
  query: uploadQuerySchema, response: uploadResultSchema,
  // Browsers label a .csv file variously: Excel installs register it as vnd.ms-excel, and systems
  // that know no type send octet-stream (or no type at all, which is accepted too).
  rawBody: {
    mediaTypes: ["text/csv", "text/plain", "application/vnd.ms-excel", "application/octet-stream"],
    description: `The CSV file itself, UTF-8, at most ${MIGRATION_MAX_FILE_BYTES / 1024 / 1024} MiB and ${MIGRATION_MAX_ROWS.toLocaleString("en-US")} rows`,
  },
});
export const getStagedRowsRoute = defineRoute({
  id: "getStagedRows", method: "get", path: `${entityPath}/rows`, tag, access: "organization", item: "data-setup",
  summary: "A page of the staged rows, in file order",
  query: previewQuerySchema, response: stagedRowsSchema,
});
export const discardDatasetRoute = defineRoute({
  id: "discardMigrationDataset", method: "delete", path: entityPath, tag, access: "organization", item: "data-setup",
  summary: "Discard the entity's staged rows (refused once the ETL team loaded them)",
  response: discardDatasetResultSchema,
});

/**
 * ETL administration (spec §2 /etl-admin, §6): every organization's connections and staged
 * datasets for the provider's ETL team (employees; those on the provider's own e-mail domain keep
 * it whatever the menu says, decision 030), who mark datasets loaded or rejected. Secrets never
 * appear here either.
 */

// The routes are "organization" routes gated by the etl-admin item, so the server reads that
// item's rules (employee, the provider's domain, the menu version) for the organization the caller
// acts for, exactly as the navigation does; what they answer spans every organization.

/** Each list answers at most this many rows, most recent activity first; `total` counts them all. */
export const ETL_ADMIN_PAGE_LIMIT = 200;

const searchText = z
  .string()
  .trim()
  .max(200, { error: "Search text must be at most 200 characters" })
  .refine((text) => !text.includes("\u0000"), { error: "Search text cannot contain NUL characters" })
  .optional();

export const etlConnectionsQuerySchema = z.object({
  /** Part of the organization's or the connection's name, any case. */
  q: searchText,
  status: z.enum(CONNECTION_STATUSES, { error: "Unknown status" }).optional(),
  data_source_id: dataSourceIdSchema.optional(),
});

export const etlDatasetsQuerySchema = z.object({
  /** Part of the organization's name or the file name, any case. */
  q: searchText,
  status: z.enum(DATASET_STATUSES, { error: "Unknown status" }).optional(),
  entity: migrationEntityIdSchema.optional(),
});

export const etlConnectionSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  organization_name: z.string(),
  data_source_id: dataSourceIdSchema,
  name: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  last_tested_at: z.string().nullable(),
  last_test_error: z.string().nullable(),
  created_at: z.string(),
  /** The latest of creation, change and test. */
  last_activity_at: z.string(),
});
export type EtlConnection = z.infer<typeof etlConnectionSchema>;

export const etlConnectionListSchema = z.object({ connections: z.array(etlConnectionSchema), total: z.number().int() });
export type EtlConnectionList = z.infer<typeof etlConnectionListSchema>;

export const etlDatasetSchema = stagedDatasetSchema.extend({ organization_name: z.string() });
export type EtlDataset = z.infer<typeof etlDatasetSchema>;

export const etlDatasetListSchema = z.object({ datasets: z.array(etlDatasetSchema), total: z.number().int() });
export type EtlDatasetList = z.infer<typeof etlDatasetListSchema>;

export const reviewDatasetBodySchema = z
  .object({
    status: z.enum(["loaded", "rejected"], { error: "status must be loaded or rejected" }),
    /**
     * The reviewed file's staged_at, as the list showed it: a verdict applies to the file the
     * reviewer looked at, so a file staged since then refuses it (409).
     */
    staged_at: z.iso.datetime({ offset: true, error: "staged_at must be the reviewed dataset's staged_at time" }),
    comment: z
      .string()
      .trim()
      .max(DATASET_COMMENT_MAX, { error: `Comment must be at most ${DATASET_COMMENT_MAX} characters` })
      .refine((text) => !text.includes("\u0000"), { error: "Comment cannot contain NUL characters" })
      .default(""),
  })
  // The customer has to know what to fix.
  .refine((body) => body.status !== "rejected" || body.comment.length > 0, {
    error: "Say why the dataset is rejected",
    path: ["comment"],
  });
export type ReviewDatasetBody = z.input<typeof reviewDatasetBodySchema>;

const etlTag = "ETL administration";

export const listEtlConnectionsRoute = defineRoute({
  id: "listEtlConnections", method: "get", path: "/api/etl-admin/connections", tag: etlTag, access: "organization", item: "etl-admin",
  summary: "Every organization's data connections, filterable (ETL team)",
  query: etlConnectionsQuerySchema, response: etlConnectionListSchema,
});
export const listEtlDatasetsRoute = defineRoute({
  id: "listEtlDatasets", method: "get", path: "/api/etl-admin/datasets", tag: etlTag, access: "organization", item: "etl-admin",
  summary: "Every organization's staged datasets with status, row counts and last activity, filterable (ETL team)",
  query: etlDatasetsQuerySchema, response: etlDatasetListSchema,
});
export const exportEtlDatasetRoute = defineRoute({
  id: "exportMigrationDataset", method: "get", path: "/api/etl-admin/datasets/:datasetId/export", tag: etlTag, access: "organization", item: "etl-admin",
  summary: "A staged dataset's rows as CSV in the template's columns, amounts in dollars, for loading into the ERP (ETL team)",
  response: z.string(), produces: "text/csv",
});
export const reviewDatasetRoute = defineRoute({
  id: "reviewMigrationDataset", method: "post", path: "/api/etl-admin/datasets/:datasetId/review", tag: etlTag, access: "organization", item: "etl-admin",
  summary: "Mark a staged dataset loaded or rejected, with a comment the customer sees (ETL team); 409 when a newer file was staged since",
  body: reviewDatasetBodySchema, response: etlDatasetSchema,
});
