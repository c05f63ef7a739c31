import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SaveConfigurationAnswersBody, saveConfigurationAnswersRoute } from "#common/contracts/configuration";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

export type AnswerToSave = SaveConfigurationAnswersBody["answers"][number];

/**
 * Saves answers given in a lesson or a survey: they are the organization's configuration
 * responses, so the configuration contract's route stores them. The launch plan (lesson counts,
 * read-only flags) and the questionnaire refetch afterwards, after a refusal too: a 409 means a
 * module was submitted meanwhile, which the refetched questions then show.
 */
export function useSaveAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswerToSave[]) => callRoute(saveConfigurationAnswersRoute, { body: { answers } }),
    onSettled: () => Promise.all([queryKeys.launchPlan, queryKeys.configuration].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
