import type { ConnectionStatus } from "#common/contracts/data-connections";
import type { z } from "zod";
import {
  ETL_ADMIN_PAGE_LIMIT,
  type EtlConnection,
  type EtlConnectionList,
  type EtlDataset,
  type EtlDatasetList,
  type etlConnectionsQuerySchema,
  type etlDatasetsQuerySchema,
  type reviewDatasetBodySchema,
} from "#common/contracts/data-migration";
import type { DataSourceId } from "#common/domain/data-sources";
import type { MigrationEntityId } from "#common/domain/migration-entities";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { type EtlConnectionRow, type EtlDatasetRow, selectEtlConnections, selectEtlDataset, selectEtlDatasets, updateDatasetReview } from "./etl-admin.queries.ts";
import { presentStagedDataset } from "./migration-presenters.ts";

/** The one answer for a dataset id that is unknown or malformed. */
export const DATASET_NOT_FOUND = "Dataset not found";
export const NEWER_FILE_STAGED = "The organization staged a newer file since this list was loaded; review the new file";

// Connection rows are written by the data-connection feature from the data-source catalog and its
// status list (a check constraint keeps the status); they are passed through as those types.
function presentEtlConnection(row: EtlConnectionRow): EtlConnection {
  return {
    id: row.id,
    organization_id: row.organizationId,
    organization_name: row.organizationName,
    data_source_id: row.dataSourceId as DataSourceId,
    name: row.name,
    status: row.status as ConnectionStatus,
    last_tested_at: row.lastTestedAt?.toISOString() ?? null,
    last_test_error: row.lastTestError,
    created_at: row.createdAt.toISOString(),
    last_activity_at: row.lastActivityAt.toISOString(),
  };
}

function presentEtlDataset(row: EtlDatasetRow): EtlDataset {
  return { ...presentStagedDataset(row), organization_name: row.organizationName };
}

export async function listEtlConnections(db: Database, query: z.output<typeof etlConnectionsQuerySchema>): Promise<EtlConnectionList> {
  const page = await selectEtlConnections(db, { q: query.q, status: query.status, dataSourceId: query.data_source_id }, ETL_ADMIN_PAGE_LIMIT);
  return { connections: page.rows.map(presentEtlConnection), total: page.total };
}

export async function listEtlDatasets(db: Database, query: z.output<typeof etlDatasetsQuerySchema>): Promise<EtlDatasetList> {
  const page = await selectEtlDatasets(db, { q: query.q, status: query.status, entity: query.entity }, ETL_ADMIN_PAGE_LIMIT);
  return { datasets: page.rows.map(presentEtlDataset), total: page.total };
}

/**
 * Marks any organization's dataset loaded or rejected with the ETL team's comment; the
 * organization's open data-setup pages hear of it through the event.
 */
export async function reviewDataset(
  db: Database,
  caller: Caller,
  datasetId: string,
  review: z.output<typeof reviewDatasetBodySchema>,
): Promise<EtlDataset> {
  return db.transaction(async (tx) => {
    const updated = await updateDatasetReview(tx, datasetId, {
      status: review.status,
      comment: review.comment || null,
      reviewedBy: caller.userId,
      stagedAt: new Date(review.staged_at),
    });
    if (!updated) {
      if (await selectEtlDataset(tx, datasetId)) throw new AppError("conflict", NEWER_FILE_STAGED);
      throw new AppError("not_found", DATASET_NOT_FOUND);
    }
    const row = await selectEtlDataset(tx, datasetId);
    if (!row) throw new Error("the reviewed dataset was not read back");
    const organizationId = updated.organizationId;
    await publishEvent(tx, organizationId, { type: "migrationDatasetChanged", organizationId, entity: updated.entity as MigrationEntityId });
    return presentEtlDataset(row);
  });
}
