import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type EtlConnectionList,
  type EtlDataset,
  type EtlDatasetList,
  type ReviewDatasetBody,
  type etlConnectionsQuerySchema,
  type etlDatasetsQuerySchema,
  exportEtlDatasetRoute,
  listEtlConnectionsRoute,
  listEtlDatasetsRoute,
  reviewDatasetRoute,
} from "#common/contracts/etl-admin";
import { apiFetch, apiFetchBlob, buildApiPath } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

export type EtlConnectionFilters = z.input<typeof etlConnectionsQuerySchema>;
export type EtlDatasetFilters = z.input<typeof etlDatasetsQuerySchema>;

// Changes in other organizations do not reach an employee's event stream (it carries the acting
// organization's events only), so the lists also refetch on a timer.
export const ETL_ADMIN_REFETCH_MS = 30_000;

/** "?q=acme&status=error" from the filters that are set; "" when none is. */
function queryStringOf(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value.trim() !== "") params.set(name, value.trim());
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

export function etlConnectionsQuery(filters: EtlConnectionFilters) {
  return queryOptions({
    queryKey: [...queryKeys.etlAdmin, "connections", filters] as const,
    queryFn: ({ signal }) => apiFetch<EtlConnectionList>(`${listEtlConnectionsRoute.path}${queryStringOf(filters)}`, { signal }),
    refetchInterval: ETL_ADMIN_REFETCH_MS,
    // The previous answer stays on screen while a new filter's loads.
    placeholderData: keepPreviousData,
  });
}

export function etlDatasetsQuery(filters: EtlDatasetFilters) {
  return queryOptions({
    queryKey: [...queryKeys.etlAdmin, "datasets", filters] as const,
    queryFn: ({ signal }) => apiFetch<EtlDatasetList>(`${listEtlDatasetsRoute.path}${queryStringOf(filters)}`, { signal }),
    refetchInterval: ETL_ADMIN_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

/** A staged dataset's rows as CSV, in the template's columns, for loading into the ERP. */
export function fetchDatasetExport(datasetId: string): Promise<Blob> {
  return apiFetchBlob(buildApiPath(exportEtlDatasetRoute.path, { datasetId }), "text/csv");
}

export function useReviewDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ datasetId, body }: { datasetId: string; body: ReviewDatasetBody }) =>
      apiFetch<EtlDataset>(buildApiPath(reviewDatasetRoute.path, { datasetId }), { method: "POST", body }),
    // The reviewed dataset may belong to the organization the employee acts for: its workbench too.
    onSettled: () =>
      Promise.all([queryKeys.etlAdmin, queryKeys.dataMigration].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
