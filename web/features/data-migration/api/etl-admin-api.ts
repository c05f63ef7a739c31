import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type etlConnectionsQuerySchema,
  type etlDatasetsQuerySchema,
  exportEtlDatasetRoute,
  listEtlConnectionsRoute,
  listEtlDatasetsRoute,
  reviewDatasetRoute,
} from "#common/contracts/data-migration";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { fetchRouteFile } from "#web/lib/fetch-route-file.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

export type EtlConnectionFilters = z.input<typeof etlConnectionsQuerySchema>;
export type EtlDatasetFilters = z.input<typeof etlDatasetsQuerySchema>;

// Changes in other organizations do not reach an employee's event stream (it carries the acting
// organization's events only), so the lists also refetch on a timer.
export const ETL_ADMIN_REFETCH_MS = 30_000;

/** The filters that are set, trimmed: a blank search box asks for everything. */
function setFiltersOf<T extends Record<string, string | undefined>>(filters: T): Partial<T> {
  const set: Partial<T> = {};
  for (const [name, value] of Object.entries(filters) as [keyof T, T[keyof T]][]) {
    if (value !== undefined && value.trim() !== "") set[name] = value.trim() as T[keyof T];
  }
  return set;
}

export function etlConnectionsQuery(filters: EtlConnectionFilters) {
  return queryOptions({
    queryKey: [...queryKeys.etlAdmin, "connections", filters] as const,
    queryFn: ({ signal }) => callRoute(listEtlConnectionsRoute, { query: setFiltersOf(filters), signal }),
    refetchInterval: ETL_ADMIN_REFETCH_MS,
    // The previous answer stays on screen while a new filter's loads.
    placeholderData: keepPreviousData,
  });
}

export function etlDatasetsQuery(filters: EtlDatasetFilters) {
  return queryOptions({
    queryKey: [...queryKeys.etlAdmin, "datasets", filters] as const,
    queryFn: ({ signal }) => callRoute(listEtlDatasetsRoute, { query: setFiltersOf(filters), signal }),
    refetchInterval: ETL_ADMIN_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

/** A staged dataset's rows as CSV, in the template's columns, for loading into the ERP. */
export function fetchDatasetExport(datasetId: string): Promise<File> {
  return fetchRouteFile(exportEtlDatasetRoute, { params: { datasetId } });
}

export function useReviewDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ datasetId, body }: { datasetId: string; body: RouteBody<typeof reviewDatasetRoute> }) =>
      callRoute(reviewDatasetRoute, { params: { datasetId }, body }),
    // The reviewed dataset may belong to the organization the employee acts for: its workbench too.
    onSettled: () =>
      Promise.all([queryKeys.etlAdmin, queryKeys.dataMigration].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
