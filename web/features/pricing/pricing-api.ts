import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ACCESS_GC_MS, ACCESS_STALE_MS, type Access, getAccessRoute } from "#common/contracts/access";
import {
  type CatalogAnswer,
  type ImportCatalogResult,
  exportCatalogRoute,
  getCatalogRoute,
  importCatalogRoute,
} from "#common/contracts/pricing-catalog";
import {
  type Comparison,
  type Estimate,
  type EstimateList,
  type EstimateSummary,
  type PrimaryEstimate,
  type QuickEstimateBody,
  type SaveEstimateBody,
  type SubscriptionPlan,
  type deleteEstimateResultSchema,
  createEstimateRoute,
  createQuickEstimateRoute,
  deleteEstimateRoute,
  getEstimateComparisonRoute,
  getEstimateRoute,
  getPrimaryEstimateRoute,
  getSubscriptionPlanRoute,
  listEstimatesRoute,
  lockEstimateRoute,
  setEstimateApprovalRoute,
  setPrimaryEstimateRoute,
  unlockEstimateRoute,
  updateEstimateRoute,
} from "#common/contracts/pricing-estimates";
import { PRICING_STALE_MS } from "#common/domain/pricing";
import { apiFetch, apiFetchBlob, buildApiPath } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// Spec §9: pricing queries go stale after 5 minutes; realtime events refresh them sooner.

/** Every edition's SaaS rows (the calculator filters by edition and calculator visibility). */
export const catalogQuery = queryOptions({
  queryKey: queryKeys.pricingCatalog,
  queryFn: ({ signal }) => apiFetch<CatalogAnswer>(getCatalogRoute.path, { signal }),
  staleTime: PRICING_STALE_MS,
});

export const estimatesQuery = queryOptions({
  queryKey: queryKeys.estimates,
  queryFn: ({ signal }) => apiFetch<EstimateList>(listEstimatesRoute.path, { signal }),
  staleTime: PRICING_STALE_MS,
});

/** The primary estimate with its lines: the header's price button and the Pricing Summary. */
export const primaryEstimateQuery = queryOptions({
  queryKey: queryKeys.primaryEstimate,
  queryFn: ({ signal }) => apiFetch<PrimaryEstimate>(getPrimaryEstimateRoute.path, { signal }),
  staleTime: PRICING_STALE_MS,
});

export function estimateQuery(estimateId: string) {
  return queryOptions({
    queryKey: queryKeys.estimate(estimateId),
    queryFn: ({ signal }) => apiFetch<Estimate>(buildApiPath(getEstimateRoute.path, { estimateId }), { signal }),
    staleTime: PRICING_STALE_MS,
  });
}

export const estimateComparisonQuery = queryOptions({
  queryKey: queryKeys.estimateComparison,
  queryFn: ({ signal }) => apiFetch<Comparison>(getEstimateComparisonRoute.path, { signal }),
  staleTime: PRICING_STALE_MS,
});

export const subscriptionPlanQuery = queryOptions({
  queryKey: queryKeys.subscriptionPlan,
  queryFn: ({ signal }) => apiFetch<SubscriptionPlan>(getSubscriptionPlanRoute.path, { signal }),
  staleTime: PRICING_STALE_MS,
});

/**
 * The access answer (same key and timing as the navigation's): /business preselects the
 * organization's business aspects from it.
 */
export const pricingAccessQuery = queryOptions({
  queryKey: queryKeys.access,
  queryFn: ({ signal }) => apiFetch<Access>(getAccessRoute.path, { signal }),
  staleTime: ACCESS_STALE_MS,
  gcTime: ACCESS_GC_MS,
});

/**
 * After any estimate write: every pricing query of the organization, and what reads the
 * "estimate exists" flag (launchpad readings, dashboard, trial status, access).
 */
function refreshAfterEstimateWrite(queryClient: QueryClient) {
  return Promise.all(
    [queryKeys.pricing, queryKeys.launchpad, queryKeys.dashboard, queryKeys.trialStatus, queryKeys.access].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

function useEstimateMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshAfterEstimateWrite(queryClient) });
}

const estimatePath = (path: string, estimateId: string) => buildApiPath(path, { estimateId });

export function useCreateEstimate() {
  return useEstimateMutation((body: SaveEstimateBody) => apiFetch<Estimate>(createEstimateRoute.path, { method: "POST", body }));
}

export function useUpdateEstimate() {
  return useEstimateMutation(({ estimateId, body }: { estimateId: string; body: SaveEstimateBody }) =>
    apiFetch<Estimate>(estimatePath(updateEstimateRoute.path, estimateId), { method: "PUT", body }),
  );
}

export function useCreateQuickEstimate() {
  return useEstimateMutation((body: QuickEstimateBody) =>
    apiFetch<Estimate>(createQuickEstimateRoute.path, { method: "POST", body }),
  );
}

export function useSetPrimaryEstimate() {
  return useEstimateMutation((estimateId: string) =>
    apiFetch<EstimateSummary>(estimatePath(setPrimaryEstimateRoute.path, estimateId), { method: "POST" }),
  );
}

export function useLockEstimate() {
  return useEstimateMutation((estimateId: string) =>
    apiFetch<EstimateSummary>(estimatePath(lockEstimateRoute.path, estimateId), { method: "POST" }),
  );
}

export function useUnlockEstimate() {
  return useEstimateMutation((estimateId: string) =>
    apiFetch<EstimateSummary>(estimatePath(unlockEstimateRoute.path, estimateId), { method: "POST" }),
  );
}

export function useSetEstimateApproval() {
  return useEstimateMutation(({ estimateId, approved }: { estimateId: string; approved: boolean }) =>
    apiFetch<EstimateSummary>(estimatePath(setEstimateApprovalRoute.path, estimateId), { method: "PUT", body: { approved } }),
  );
}

export function useDeleteEstimate() {
  return useEstimateMutation((estimateId: string) =>
    apiFetch<z.infer<typeof deleteEstimateResultSchema>>(estimatePath(deleteEstimateRoute.path, estimateId), { method: "DELETE" }),
  );
}

// ---- Catalog (employees: ERP Settings) ----

export function useImportCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiFetch<ImportCatalogResult>(importCatalogRoute.path, { method: "POST", body: { csv } }),
    onSuccess: () =>
      Promise.all([queryKeys.pricingCatalog, queryKeys.pricing].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** The catalog as a CSV file (the caller saves it). */
export function fetchCatalogCsv(): Promise<Blob> {
  return apiFetchBlob(exportCatalogRoute.path, "text/csv");
}
