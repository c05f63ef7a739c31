import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Configuration,
  type SaveConfigurationAnswersBody,
  exportConfigurationRoute,
  getConfigurationRoute,
  reopenConfigurationModuleRoute,
  saveConfigurationAnswersRoute,
  submitConfigurationModuleRoute,
} from "#common/contracts/configuration";
import { callRoute } from "#web/lib/api-client.ts";
import { fetchRouteFile } from "#web/lib/fetch-route-file.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

export const configurationQuery = queryOptions({
  queryKey: [...queryKeys.configuration, "questionnaire"] as const,
  queryFn: ({ signal }) => callRoute(getConfigurationRoute, { signal }),
});

/** What a submission or reopening moves besides the questionnaire, as for the realtime events. */
const SUBMISSION_DEPENDENT_KEYS = [queryKeys.launchPlan, queryKeys.launchpad, queryKeys.dashboard, queryKeys.trialStatus, queryKeys.access];

/** Saves draft answers; the questionnaire (and the launch plan, which counts answers) refetch. */
export function useSaveConfigurationAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveConfigurationAnswersBody) => callRoute(saveConfigurationAnswersRoute, { body }),
    onSuccess: () => Promise.all([queryKeys.configuration, queryKeys.launchPlan].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

function useModuleChange(change: (module: string, reason?: string) => Promise<Configuration>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ module, reason }: { module: string; reason?: string }) => change(module, reason),
    onSuccess: (configuration) => {
      queryClient.setQueryData(configurationQuery.queryKey, configuration);
      // Not awaited: the change is done and shown; the readings follow when they are ready.
      void Promise.all(SUBMISSION_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export function useSubmitConfigurationModule() {
  return useModuleChange((module) => callRoute(submitConfigurationModuleRoute, { params: { module } }));
}

export function useReopenConfigurationModule() {
  return useModuleChange((module, reason) => callRoute(reopenConfigurationModuleRoute, { params: { module }, body: { reason: reason ?? "" } }));
}

/** The answers as a CSV file (employees; the caller saves it). */
export function fetchConfigurationCsv(): Promise<File> {
  return fetchRouteFile(exportConfigurationRoute);
}
