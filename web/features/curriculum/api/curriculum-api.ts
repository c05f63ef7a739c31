import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { exportCurriculumRoute, getCurriculumRoute, importCurriculumRoute } from "#common/contracts/curriculum";
import { callRoute } from "#web/lib/api-client.ts";
import { fetchRouteFile } from "#web/lib/fetch-route-file.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { uploadWithProgress } from "#web/lib/upload-with-progress.ts";

// An import publishes curriculumChanged, which refreshes other screens; this one refetches itself.

export const curriculumQuery = queryOptions({
  queryKey: queryKeys.curriculum,
  queryFn: ({ signal }) => callRoute(getCurriculumRoute, { signal }),
});

/** The curriculum folder as a zip (the caller saves it). */
export function fetchCurriculumZip(): Promise<File> {
  return fetchRouteFile(exportCurriculumRoute);
}

export interface CurriculumImportInput {
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/**
 * Replaces the curriculum with a zip of its folder, sent as the raw body. A curriculum with
 * problems rejects with an ApiError (validation_failed) whose details name each file and line.
 */
export function useImportCurriculum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: CurriculumImportInput) =>
      uploadWithProgress(importCurriculumRoute, { body: file, contentType: "application/zip", onProgress, signal }),
    // Every organization's plan and questionnaire follow the curriculum.
    onSuccess: () =>
      Promise.all(
        [queryKeys.curriculum, queryKeys.launchPlan, queryKeys.configuration].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
