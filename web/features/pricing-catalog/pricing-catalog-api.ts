import { useMutation, useQueryClient } from "@tanstack/react-query";
import { exportCatalogRoute, importCatalogRoute } from "#common/contracts/pricing-catalog";
import { callRoute } from "#web/lib/api-client.ts";
import { fetchRouteFile } from "#web/lib/fetch-route-file.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// The catalog's query, which the estimates read too, is web/lib/pricing-catalog-query.ts.

/** Replaces the catalog from a CSV (employees: ERP Settings); every pricing query refetches. */
export function useImportCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callRoute(importCatalogRoute, { body: { csv } }),
    onSuccess: () =>
      Promise.all([queryKeys.pricingCatalog, queryKeys.pricing].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** The catalog as a CSV file (the caller saves it). */
export function fetchCatalogCsv(): Promise<File> {
  return fetchRouteFile(exportCatalogRoute);
}
