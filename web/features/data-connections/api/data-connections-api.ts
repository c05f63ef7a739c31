import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createConnectionRoute,
  deleteConnectionRoute,
  getConnectionRoute,
  listConnectionsRoute,
  testConnectionRoute,
  updateConnectionRoute,
} from "#common/contracts/data-connections";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The organization's connections, newest first (secrets left out). */
export const dataConnectionsQuery = queryOptions({
  queryKey: queryKeys.dataConnections,
  queryFn: ({ signal }) => callRoute(listConnectionsRoute, { signal }),
});

export function dataConnectionQuery(connectionId: string) {
  return queryOptions({
    queryKey: queryKeys.dataConnection(connectionId),
    queryFn: ({ signal }) => callRoute(getConnectionRoute, { params: { connectionId }, signal }),
  });
}

/**
 * After a write: the connections, and what reads the "data connection exists" flag (launchpad
 * readings, dashboard, trial status, access).
 */
function refreshAfterConnectionWrite(queryClient: QueryClient) {
  return Promise.all(
    [queryKeys.dataConnections, queryKeys.launchpad, queryKeys.dashboard, queryKeys.trialStatus, queryKeys.access].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * A mutation whose variables may hold typed secrets (passwords, client secrets): once it settles
 * it is dropped from the mutation cache at once (gcTime 0 and a reset), rather than kept there,
 * readable, for the default five minutes.
 */
function useSecretBearingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>, onSettled: (input: TInput) => unknown) {
  const { mutateAsync, reset, isPending } = useMutation({
    mutationFn,
    onSettled: (_result, _error, input) => onSettled(input),
    gcTime: 0,
  });
  async function run(input: TInput): Promise<TResult> {
    try {
      return await mutateAsync(input);
    } finally {
      reset();
    }
  }
  return { mutateAsync: run, isPending };
}

function useConnectionWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useSecretBearingMutation(mutationFn, () => refreshAfterConnectionWrite(queryClient));
}

/** Answers the existing connection (created: false) when the organization already has one for the source. */
export function useCreateConnection() {
  return useConnectionWrite((body: RouteBody<typeof createConnectionRoute>) => callRoute(createConnectionRoute, { body }));
}

export function useUpdateConnection() {
  return useConnectionWrite(({ connectionId, body }: { connectionId: string; body: RouteBody<typeof updateConnectionRoute> }) =>
    callRoute(updateConnectionRoute, { params: { connectionId }, body }),
  );
}

export function useDeleteConnection() {
  return useConnectionWrite((connectionId: string) => callRoute(deleteConnectionRoute, { params: { connectionId } }));
}

/** Tests connection details; naming a saved connection records the outcome on it, so the list refreshes. */
export function useTestConnection() {
  const queryClient = useQueryClient();
  return useSecretBearingMutation(
    (body: RouteBody<typeof testConnectionRoute>) => callRoute(testConnectionRoute, { body }),
    (body) => (body.connection_id ? queryClient.invalidateQueries({ queryKey: queryKeys.dataConnections }) : undefined),
  );
}
