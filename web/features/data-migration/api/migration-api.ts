import { type QueryClient, keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type MigrationEntityState,
  type StagedDataset,
  discardDatasetRoute,
  downloadMigrationTemplateRoute,
  getMigrationOverviewRoute,
  getStagedRowsRoute,
  uploadMigrationFileRoute,
} from "#common/contracts/data-migration";
import type { MigrationEntityId } from "#common/domain/migration-entities";
import { callRoute } from "#web/lib/api-client.ts";
import { fetchRouteFile } from "#web/lib/fetch-route-file.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { uploadWithProgress } from "#web/lib/upload-with-progress.ts";
import { datasetVersion, refusalReportOf } from "#web/features/data-migration/migration-format.ts";

// Uploads, discards and the ETL team's reviews publish migrationDatasetChanged, which invalidates
// queryKeys.dataMigration: the overview follows them without a reload.

export const migrationOverviewQuery = queryOptions({
  queryKey: queryKeys.migrationOverview,
  queryFn: ({ signal }) => callRoute(getMigrationOverviewRoute, { signal }),
});

/** A page of the rows staged from `dataset` (the server answers the entity's current file). */
export function stagedRowsQuery(entity: MigrationEntityId, dataset: Pick<StagedDataset, "id" | "staged_at">, page: number) {
  return queryOptions({
    queryKey: queryKeys.stagedRows(entity, datasetVersion(dataset), page),
    queryFn: ({ signal }) => callRoute(getStagedRowsRoute, { params: { entity }, query: { page }, signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** The entity's CSV template as a Blob (the caller saves it), fetched for the acting organization. */
export function fetchMigrationTemplate(entity: MigrationEntityId): Promise<File> {
  return fetchRouteFile(downloadMigrationTemplateRoute, { params: { entity } });
}

export interface UploadInput {
  entity: MigrationEntityId;
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** Writes an upload's outcome into the cached overview, so the card shows it before the refetch lands. */
function recordUpload(queryClient: QueryClient, entity: MigrationEntityId, change: Partial<MigrationEntityState>): void {
  queryClient.setQueryData(migrationOverviewQuery.queryKey, (overview) =>
    overview
      ? { entities: overview.entities.map((state) => (state.entity === entity ? { ...state, ...change } : state)) }
      : overview,
  );
}

/**
 * Uploads a CSV to be validated and, when clean, staged. A refused file rejects with an ApiError
 * (validation_failed) whose details are the upload report.
 */
export function useUploadMigrationFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entity, file, onProgress, signal }: UploadInput) =>
      uploadWithProgress(uploadMigrationFileRoute, {
        params: { entity },
        query: { file_name: file.name },
        body: file,
        contentType: "text/csv",
        onProgress,
        signal,
      }),
    onSuccess: (result, { entity }) => recordUpload(queryClient, entity, { dataset: result.dataset, last_upload: result.report }),
    onError: (error, { entity }) => {
      const report = refusalReportOf(error);
      if (report) recordUpload(queryClient, entity, { last_upload: report });
    },
    // Staged rows' pages are out of date after a clean upload; a refused one changes the overview's newest report.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dataMigration }),
  });
}

export function useDiscardDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entity: MigrationEntityId) => callRoute(discardDatasetRoute, { params: { entity } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dataMigration }),
  });
}
