import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  addActionLogCommentRoute,
  createActionLogRoute,
  createHelpRequestRoute,
  deleteActionLogRoute,
  exportActionLogsRoute,
  getActionLogRoute,
  getHelpInboxRoute,
  listActionLogsRoute,
  listAssigneesRoute,
  listTypeDefinitionsRoute,
  updateActionLogRoute,
  updateTypeDefinitionRoute,
} from "#common/contracts/action-log";
import { type RouteAnswer, type RouteBody, type RouteTarget, callRoute } from "#web/lib/api-client.ts";
import { fetchRouteFile } from "#web/lib/fetch-route-file.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

// Every write publishes actionLogsChanged, which invalidates queryKeys.actionLog on every open tab
// of the organization; the mutations also invalidate it themselves so this tab does not wait.

export type ActionLogFilters = NonNullable<RouteTarget<typeof listActionLogsRoute>["query"]>;
export type ActionLogListAnswer = RouteAnswer<typeof listActionLogsRoute>;

export function actionLogListQuery(filters: ActionLogFilters) {
  return queryOptions({
    queryKey: queryKeys.actionLogList(filters as Record<string, unknown>),
    queryFn: ({ signal }) => callRoute(listActionLogsRoute, { query: filters, signal }),
    // The previous page or filter stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function actionLogEntryQuery(actionLogId: string) {
  return queryOptions({
    queryKey: queryKeys.actionLogEntry(actionLogId),
    queryFn: ({ signal }) => callRoute(getActionLogRoute, { params: { actionLogId }, signal }),
  });
}

export const actionLogAssigneesQuery = queryOptions({
  queryKey: queryKeys.actionLogAssignees,
  queryFn: ({ signal }) => callRoute(listAssigneesRoute, { signal }),
  staleTime: 60_000,
});

export const typeDefinitionsQuery = queryOptions({
  queryKey: queryKeys.actionLogTypeDefinitions,
  queryFn: ({ signal }) => callRoute(listTypeDefinitionsRoute, { signal }),
  staleTime: 5 * 60_000,
});

export const helpInboxQuery = queryOptions({
  queryKey: queryKeys.helpInbox,
  queryFn: ({ signal }) => callRoute(getHelpInboxRoute, { signal }),
  // Other organizations' events do not reach this tab's stream: look again every minute.
  refetchInterval: 60_000,
});

/** The filtered entries as a CSV file (every page). */
export function fetchActionLogCsv(filters: Omit<ActionLogFilters, "limit" | "offset">): Promise<File> {
  return fetchRouteFile(exportActionLogsRoute, { query: filters });
}

function useActionLogMutation<TVariables, TAnswer>(mutationFn: (variables: TVariables) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.actionLog }),
  });
}

export function useCreateActionLog() {
  return useActionLogMutation((body: RouteBody<typeof createActionLogRoute>) => callRoute(createActionLogRoute, { body }));
}

export function useUpdateActionLog() {
  return useActionLogMutation(({ actionLogId, body }: { actionLogId: string; body: RouteBody<typeof updateActionLogRoute> }) =>
    callRoute(updateActionLogRoute, { params: { actionLogId }, body }),
  );
}

export function useDeleteActionLog() {
  return useActionLogMutation((actionLogId: string) => callRoute(deleteActionLogRoute, { params: { actionLogId } }));
}

export function useAddActionLogComment() {
  return useActionLogMutation(({ actionLogId, body }: { actionLogId: string; body: string }) =>
    callRoute(addActionLogCommentRoute, { params: { actionLogId }, body: { body } }),
  );
}

export function useUpdateTypeDefinition() {
  return useActionLogMutation((body: RouteBody<typeof updateTypeDefinitionRoute>) => callRoute(updateTypeDefinitionRoute, { body }));
}

export function useCreateHelpRequest() {
  return useActionLogMutation((body: RouteBody<typeof createHelpRequestRoute>) => callRoute(createHelpRequestRoute, { body }));
}
