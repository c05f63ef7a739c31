import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createEstimateRoute,
  createQuickEstimateRoute,
  deleteEstimateRoute,
  getEstimateComparisonRoute,
  getEstimateRoute,
  getSubscriptionPlanRoute,
  listEstimatesRoute,
  lockEstimateRoute,
  setEstimateApprovalRoute,
  setPrimaryEstimateRoute,
  unlockEstimateRoute,
  updateEstimateRoute,
} from "#common/contracts/pricing-estimates";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { PRICING_STALE_MS } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// Spec §9: pricing queries go stale after 5 minutes; realtime events refresh them sooner.

export const estimatesQuery = queryOptions({
  queryKey: queryKeys.estimates,
  queryFn: ({ signal }) => callRoute(listEstimatesRoute, { signal }),
  staleTime: PRICING_STALE_MS,
});

export { primaryEstimateQuery } from "./primary-estimate-query.ts";

export function estimateQuery(estimateId: string) {
  return queryOptions({
    queryKey: queryKeys.estimate(estimateId),
    queryFn: ({ signal }) => callRoute(getEstimateRoute, { params: { estimateId }, signal }),
    staleTime: PRICING_STALE_MS,
  });
}

export const estimateComparisonQuery = queryOptions({
  queryKey: queryKeys.estimateComparison,
  queryFn: ({ signal }) => callRoute(getEstimateComparisonRoute, { signal }),
  staleTime: PRICING_STALE_MS,
});

export const subscriptionPlanQuery = queryOptions({
  queryKey: queryKeys.subscriptionPlan,
  queryFn: ({ signal }) => callRoute(getSubscriptionPlanRoute, { signal }),
  staleTime: PRICING_STALE_MS,
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

export function useCreateEstimate() {
  return useEstimateMutation((body: RouteBody<typeof createEstimateRoute>) => callRoute(createEstimateRoute, { body }));
}

export function useUpdateEstimate() {
  return useEstimateMutation(({ estimateId, body }: { estimateId: string; body: RouteBody<typeof updateEstimateRoute> }) =>
    callRoute(updateEstimateRoute, { params: { estimateId }, body }),
  );
}

export function useCreateQuickEstimate() {
  return useEstimateMutation((body: RouteBody<typeof createQuickEstimateRoute>) => callRoute(createQuickEstimateRoute, { body }));
}

export function useSetPrimaryEstimate() {
  return useEstimateMutation((estimateId: string) => callRoute(setPrimaryEstimateRoute, { params: { estimateId } }));
}

export function useLockEstimate() {
  return useEstimateMutation((estimateId: string) => callRoute(lockEstimateRoute, { params: { estimateId } }));
}

export function useUnlockEstimate() {
  return useEstimateMutation((estimateId: string) => callRoute(unlockEstimateRoute, { params: { estimateId } }));
}

export function useSetEstimateApproval() {
  return useEstimateMutation(({ estimateId, approved }: { estimateId: string; approved: boolean }) =>
    callRoute(setEstimateApprovalRoute, { params: { estimateId }, body: { approved } }),
  );
}

export function useDeleteEstimate() {
  return useEstimateMutation((estimateId: string) => callRoute(deleteEstimateRoute, { params: { estimateId } }));
}
