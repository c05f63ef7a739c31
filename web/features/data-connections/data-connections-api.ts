import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type ConnectionTestResult,
  type CreateConnectionBody,
  type CreateConnectionResult,
  type DataConnection,
  type DataConnectionList,
  type TestConnectionBody,
  type UpdateConnectionBody,
  type deleteConnectionResultSchema,
  createConnectionRoute,
  deleteConnectionRoute,
  getConnectionRoute,
  listConnectionsRoute,
  testConnectionRoute,
  updateConnectionRoute,
} from "#common/contracts/data-connections";
import { apiFetch, buildApiPath } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The organization's connections, newest first (secrets left out). */
export const dataConnectionsQuery = queryOptions({
  queryKey: queryKeys.dataConnections,
  queryFn: ({ signal }) => apiFetch<DataConnectionList>(listConnectionsRoute.path, { signal }),
});

export function dataConnectionQuery(connectionId: string) {
  return queryOptions({
    queryKey: queryKeys.dataConnection(connectionId),
    queryFn: ({ signal }) => apiFetch<DataConnection>(buildApiPath(getConnectionRoute.path, { connectionId }), { signal }),
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

const connectionPath = (path: string, connectionId: string) => buildApiPath(path, { connectionId });

/** Answers the existing connection (created: false) when the organization already has one for the source. */
export function useCreateConnection() {
  return useConnectionWrite((body: CreateConnectionBody) =>
    apiFetch<CreateConnectionResult>(createConnectionRoute.path, { method: "POST", body }),
  );
}

export function useUpdateConnection() {
  return useConnectionWrite(({ connectionId, body }: { connectionId: string; body: UpdateConnectionBody }) =>
    apiFetch<DataConnection>(connectionPath(updateConnectionRoute.path, connectionId), { method: "PUT", body }),
  );
}

export function useDeleteConnection() {
  return useConnectionWrite((connectionId: string) =>
    apiFetch<z.infer<typeof deleteConnectionResultSchema>>(connectionPath(deleteConnectionRoute.path, connectionId), { method: "DELETE" }),
  );
}

/** Tests connection details; naming a saved connection records the outcome on it, so the list refreshes. */
export function useTestConnection() {
  const queryClient = useQueryClient();
  return useSecretBearingMutation(
    (body: TestConnectionBody) => apiFetch<ConnectionTestResult>(testConnectionRoute.path, { method: "POST", body }),
    (body) => (body.connection_id ? queryClient.invalidateQueries({ queryKey: queryKeys.dataConnections }) : undefined),
  );
}
