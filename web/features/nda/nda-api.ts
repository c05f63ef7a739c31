import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  countersignNdaRoute,
  getNdaDocumentRoute,
  getNdaTemplateRoute,
  listNdasRoute,
  signNdaRoute,
  updateNdaTemplateRoute,
} from "#common/contracts/nda";
import { type RouteAnswer, type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The organization's NDAs (newest first), the current template and whether it is signed. */
export const ndaOverviewQuery = queryOptions({
  queryKey: queryKeys.nda,
  queryFn: ({ signal }) => callRoute(listNdasRoute, { signal }),
});

/**
 * The current template alone (the /administration page's editor). Its key starts with the NDA
 * key, so ndaChanged and every NDA write refresh it too.
 */
export const ndaTemplateQuery = queryOptions({
  queryKey: [...queryKeys.nda, "template"] as const,
  queryFn: ({ signal }) => callRoute(getNdaTemplateRoute, { signal }),
});

/** A signature moves the NDA, the launchpad's NDA page, both readings, the trial and the NDA-gated pages. */
function invalidateAfterSignature(queryClient: QueryClient) {
  return Promise.all(
    [queryKeys.nda, queryKeys.launchpad, queryKeys.dashboard, queryKeys.trialStatus, queryKeys.access].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** A member signs for the organization. */
export function useSignNda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof signNdaRoute>) => callRoute(signNdaRoute, { body }),
    onSettled: () => invalidateAfterSignature(queryClient),
  });
}

/** An employee countersigns an NDA the organization signed. */
export function useCountersignNda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ndaId, body }: { ndaId: string; body: RouteBody<typeof countersignNdaRoute> }) =>
      callRoute(countersignNdaRoute, { params: { ndaId }, body }),
    onSettled: () => invalidateAfterSignature(queryClient),
  });
}

/** An employee saves the template as a new version; signed NDAs keep their text. */
export function useSaveNdaTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof updateNdaTemplateRoute>) => callRoute(updateNdaTemplateRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.nda }),
  });
}

/** A short-lived signed link to the NDA's PDF. */
export function fetchNdaDocumentLink(ndaId: string): Promise<RouteAnswer<typeof getNdaDocumentRoute>> {
  return callRoute(getNdaDocumentRoute, { params: { ndaId } });
}
