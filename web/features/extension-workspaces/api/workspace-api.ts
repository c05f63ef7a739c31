import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type ApAutomationAnswersInput,
  type ContainerManagementAnswersInput,
  discardOpenContainersRoute,
  getApAutomationWorkspaceRoute,
  getContainerManagementWorkspaceRoute,
  importOpenContainersRoute,
  reopenApAutomationWorkspaceRoute,
  reopenContainerManagementWorkspaceRoute,
  saveApAutomationDraftRoute,
  saveContainerManagementDraftRoute,
  submitApAutomationWorkspaceRoute,
  submitContainerManagementWorkspaceRoute,
} from "#common/contracts/extension-workspaces";
import type { WorkspaceExtensionId } from "#common/domain/extension-workspaces";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { uploadWithProgress } from "#web/lib/upload-with-progress.ts";

// Under the extensions' key: extensionWorkspaceChanged refreshes one workspace, and an activation
// or deactivation (extensionsChanged) refreshes every one.
const workspaceKey = (extensionId: WorkspaceExtensionId) => [...queryKeys.extensions, "workspace", extensionId] as const;

export const apAutomationWorkspaceQuery = queryOptions({
  queryKey: workspaceKey("ap-automation"),
  queryFn: ({ signal }) => callRoute(getApAutomationWorkspaceRoute, { signal }),
});

export const containerManagementWorkspaceQuery = queryOptions({
  queryKey: workspaceKey("container-management"),
  queryFn: ({ signal }) => callRoute(getContainerManagementWorkspaceRoute, { signal }),
});

/** A change whose answer is the workspace as it now stands: it replaces the cached one. */
function useWorkspaceChange<TInput, TWorkspace>(extensionId: WorkspaceExtensionId, send: (input: TInput) => Promise<TWorkspace>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (workspace) => queryClient.setQueryData(workspaceKey(extensionId), workspace),
  });
}

export function useSaveApAutomationDraft() {
  return useWorkspaceChange("ap-automation", (answers: ApAutomationAnswersInput) => callRoute(saveApAutomationDraftRoute, { body: answers }));
}

export function useSubmitApAutomationWorkspace() {
  return useWorkspaceChange("ap-automation", () => callRoute(submitApAutomationWorkspaceRoute));
}

export function useReopenApAutomationWorkspace() {
  return useWorkspaceChange("ap-automation", (reason: string) => callRoute(reopenApAutomationWorkspaceRoute, { body: { reason } }));
}

export function useSaveContainerManagementDraft() {
  return useWorkspaceChange("container-management", (answers: ContainerManagementAnswersInput) =>
    callRoute(saveContainerManagementDraftRoute, { body: answers }),
  );
}

export function useSubmitContainerManagementWorkspace() {
  return useWorkspaceChange("container-management", () => callRoute(submitContainerManagementWorkspaceRoute));
}

export function useReopenContainerManagementWorkspace() {
  return useWorkspaceChange("container-management", (reason: string) => callRoute(reopenContainerManagementWorkspaceRoute, { body: { reason } }));
}

export function useDiscardOpenContainers() {
  return useWorkspaceChange("container-management", () => callRoute(discardOpenContainersRoute));
}

export function useImportOpenContainers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, signal }: { file: File; signal: AbortSignal }) =>
      uploadWithProgress(importOpenContainersRoute, { query: { file_name: file.name }, body: file, contentType: "text/csv", signal }),
    onSuccess: (result) => queryClient.setQueryData(workspaceKey("container-management"), result.workspace),
  });
}
