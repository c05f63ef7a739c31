import { z } from "zod";
import { dataSourceIdSchema } from "../domain/data-sources.ts";
import { CONNECTION_STATUSES } from "./data-connections.ts";
import { DATASET_COMMENT_MAX, DATASET_STATUSES, migrationEntityIdSchema, stagedDatasetSchema } from "./data-migration.ts";
import { defineRoute } from "./http.ts";

/**
 * ETL administration (spec §2 /etl-admin, §6): every organization's connections and staged
 * datasets for the provider's ETL team (employees, and the provider's own e-mail domain), who mark
 * datasets loaded or rejected. Secrets never appear here either.
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

const tag = "ETL administration";

export const listEtlConnectionsRoute = defineRoute({
  id: "listEtlConnections", method: "get", path: "/api/etl-admin/connections", tag, access: "organization", item: "etl-admin",
  summary: "Every organization's data connections, filterable (ETL team)",
  query: etlConnectionsQuerySchema, response: etlConnectionListSchema,
});
export const listEtlDatasetsRoute = defineRoute({
  id: "listEtlDatasets", method: "get", path: "/api/etl-admin/datasets", tag, access: "organization", item: "etl-admin",
  summary: "Every organization's staged datasets with status, row counts and last activity, filterable (ETL team)",
  query: etlDatasetsQuerySchema, response: etlDatasetListSchema,
});
export const exportEtlDatasetRoute = defineRoute({
  id: "exportMigrationDataset", method: "get", path: "/api/etl-admin/datasets/:datasetId/export", tag, access: "organization", item: "etl-admin",
  summary: "A staged dataset's rows as CSV in the template's columns, amounts in dollars, for loading into the ERP (ETL team)",
  response: z.string(), produces: "text/csv",
});
export const reviewDatasetRoute = defineRoute({
  id: "reviewMigrationDataset", method: "post", path: "/api/etl-admin/datasets/:datasetId/review", tag, access: "organization", item: "etl-admin",
  summary: "Mark a staged dataset loaded or rejected, with a comment the customer sees (ETL team); 409 when a newer file was staged since",
  body: reviewDatasetBodySchema, response: etlDatasetSchema,
});
