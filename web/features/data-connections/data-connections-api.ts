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
import { type CurrentUser, getCurrentUserRoute } from "#common/contracts/me";
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

/** The signed-in user (an employee needs a selected organization); the shell has usually cached it. */
export const connectionsUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => apiFetch<CurrentUser>(getCurrentUserRoute.path, { signal }),
});

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

function useConnectionWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshAfterConnectionWrite(queryClient) });
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
  return useMutation({
    mutationFn: (body: TestConnectionBody) => apiFetch<ConnectionTestResult>(testConnectionRoute.path, { method: "POST", body }),
    onSettled: (_result, _error, body) =>
      body.connection_id ? queryClient.invalidateQueries({ queryKey: queryKeys.dataConnections }) : undefined,
  });
}
